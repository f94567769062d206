import { round2 } from "../../env/money";
import type {
  SellerOpening,
  SellerPolicy,
  SellerRef,
  SellerRngs,
  SellerSetup,
  SellerTurn,
  SellerTurnInput,
} from "../../env/seller-policy";
import type { TellProfile } from "../../env/tells/nonverbal";
import { memoryNumber } from "../rule-economics";
import { ruleOpening } from "../rule-opening";
import { acceptTurn, counterTurn, type RuleLines } from "../seller-lines";
import type { TimeBasedParams } from "./time-based-params";
import { targetPrice } from "./time-curve";

/**
 * A seller that quotes target(round / maxRounds) on the GENIUS curve (see time-curve.ts)
 * and never walks. It opens at target(0); each counter is the curve's price for the round,
 * capped at its last quote. Acceptance "next" takes any offer at or above the price it
 * would quote in the following round (AC_next: the buyer already offers what waiting
 * would bring); "now" only at or above this round's quote. Either way an offer at or above
 * the quote it is about to make is accepted, so it never counters at or below the bid.
 */
export function timeBasedSeller(
  ref: SellerRef,
  p: TimeBasedParams,
  lines: RuleLines,
  persona: string,
  tellProfile: TellProfile,
): SellerPolicy {
  return {
    ref,
    tellProfile,
    persona,
    acceptAtReservation: false,

    open(setup: SellerSetup, rngs: SellerRngs): SellerOpening {
      return ruleOpening(
        setup,
        rngs,
        lines,
        { anchor: p.anchorMultiplier, reserve: p.reserveMultiplier },
        ({ ceiling, reservation }) => ({
          anchor: round2(targetPrice(0, p.e, p.k, ceiling, reservation)),
          memory: { ceiling },
        }),
      );
    },

    respond(input: SellerTurnInput, rngs: SellerRngs): SellerTurn {
      const { round, maxRounds, buyerOffer: offer, reservation, lastQuote, memory } = input;
      const ceiling = memoryNumber(memory, "ceiling", input.anchor);
      const at = (r: number) => targetPrice(r / maxRounds, p.e, p.k, ceiling, reservation);
      const quote = round2(Math.max(reservation, Math.min(at(round), lastQuote)));
      const threshold = p.acceptance === "next" ? Math.max(reservation, round2(at(round + 1))) : quote;
      if (offer >= reservation && (offer >= quote || offer >= threshold))
        return acceptTurn(lines, rngs, input, memory);
      return counterTurn(lines, rngs, input, quote, memory);
    },
  };
}
