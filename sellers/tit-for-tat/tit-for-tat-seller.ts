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
import { ruleOpening } from "../rule-opening";
import { acceptTurn, counterTurn, type RuleLines } from "../seller-lines";
import type { TitForTatParams } from "./tit-for-tat-params";

/** The buyer's raise from its previous offer, mirrored into a price cut (never negative). */
export function mirroredConcession(
  p: TitForTatParams,
  previousOffer: number,
  offer: number,
  lastQuote: number,
): number {
  const raise = Math.max(0, offer - previousOffer);
  if (p.mode === "absolute" || previousOffer <= 0) return p.scale * raise;
  return p.scale * (raise / previousOffer) * lastQuote;
}

/**
 * Tit-for-tat: opens at the ceiling, makes a fixed opening concession on its first counter,
 * then cuts its price exactly as much as the buyer raised its offer in the last round (a
 * buyer who stands still or backs off earns nothing). Bounded below by the reservation,
 * never above its last quote; an offer at or above the quote it would make is accepted.
 * The buyer's previous offer is the only thing it remembers.
 */
export function titForTatSeller(
  ref: SellerRef,
  p: TitForTatParams,
  lines: RuleLines,
  tellProfile: TellProfile = "default",
): SellerPolicy {
  return {
    ref,
    tellProfile,
    persona: "tit-for-tat",
    acceptAtReservation: false,

    open(setup: SellerSetup, rngs: SellerRngs): SellerOpening {
      return ruleOpening(
        setup,
        rngs,
        lines,
        { anchor: p.anchorMultiplier, reserve: p.reserveMultiplier },
        (e) => ({ anchor: e.ceiling, memory: { previousOffer: null } }),
      );
    },

    respond(input: SellerTurnInput, rngs: SellerRngs): SellerTurn {
      const { buyerOffer: offer, reservation, lastQuote, anchor } = input;
      const previous = input.memory.previousOffer;
      const cut =
        typeof previous === "number"
          ? mirroredConcession(p, previous, offer, lastQuote)
          : p.openingConcession * Math.max(0, anchor - reservation);
      const quote = round2(Math.max(reservation, Math.min(lastQuote, lastQuote - cut)));
      const memory = { previousOffer: offer };
      if (offer >= reservation && offer >= quote) return acceptTurn(lines, rngs, input, memory);
      return counterTurn(lines, rngs, input, quote, memory);
    },
  };
}
