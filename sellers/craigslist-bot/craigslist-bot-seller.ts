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
import type { CraigslistBotParams } from "./craigslist-bot-params";

/**
 * A rule bot in the spirit of the CraigslistBargain baselines (He et al., 2018): open above
 * the list price, then split the difference toward the buyer by a fixed fraction each turn,
 * never below a bottom line. With `finalCallRoundsLeft` rounds or fewer to go it makes a
 * final call (an extra step toward the bottom line, said as a last offer), and in the very
 * last round it takes any offer at or above the bottom line rather than end without a deal.
 */
export function craigslistBotSeller(
  ref: SellerRef,
  p: CraigslistBotParams,
  lines: RuleLines,
  tellProfile: TellProfile = "default",
): SellerPolicy {
  return {
    ref,
    tellProfile,
    persona: "craigslist-bot",
    acceptAtReservation: false,

    open(setup: SellerSetup, rngs: SellerRngs): SellerOpening {
      return ruleOpening(
        setup,
        rngs,
        lines,
        { anchor: p.overshoot, reserve: p.bottomLineMultiplier },
        (e) => ({ anchor: e.ceiling, memory: {} }),
      );
    },

    respond(input: SellerTurnInput, rngs: SellerRngs): SellerTurn {
      const { round, maxRounds, buyerOffer: offer, reservation: bottom, lastQuote, memory } = input;
      const lastRound = round >= maxRounds;
      if (offer >= bottom && lastRound) return acceptTurn(lines, rngs, input, memory);

      let next = lastQuote - p.concedeFraction * Math.max(0, lastQuote - offer);
      const finalCall = maxRounds - round <= p.finalCallRoundsLeft;
      if (finalCall) next -= p.finalCallConcession * Math.max(0, next - bottom);
      const quote = round2(Math.max(bottom, Math.min(lastQuote, next)));
      if (offer >= bottom && offer >= quote * (1 - p.acceptWithin))
        return acceptTurn(lines, rngs, input, memory);
      return counterTurn(
        lines,
        rngs,
        input,
        quote,
        memory,
        finalCall && lines.final ? lines.final : lines.counter,
        finalCall && lines.final ? "final" : "counter",
      );
    },
  };
}
