import { clamp01, round2 } from "../../env/money";
import type {
  SellerMemory,
  SellerOpening,
  SellerPolicy,
  SellerRef,
  SellerRngs,
  SellerSetup,
  SellerTurn,
  SellerTurnInput,
} from "../../env/seller-policy";
import { insultLevel, NEUTRAL_SELLER_TYPE, type SellerType } from "../../env/seller-type";
import type { TellProfile } from "../../env/tells/nonverbal";
import { memoryNumber } from "../rule-economics";
import { speakOpening } from "../rule-opening";
import { acceptTurn, counterTurn, sayLine } from "../seller-lines";
import type { ResponsiveLines } from "./responsive-lines";
import type { ResponsiveParams } from "./responsive-params";

/** The round by which a seller of this type wants to be at its floor (beyond the horizon when patient). */
export function sellerDue(type: SellerType, rounds: number): number {
  return Math.max(2, Math.round(rounds * (0.45 + 0.8 * type.patience - 0.3 * type.stock_pressure)));
}

/**
 * Where the seller aims to end: its floor after a low first offer, higher after a generous one.
 * Anchoring works for the buyer who opens low — but below the insult line it costs walk risk.
 */
export function aimFor(first: number, anchor: number, reservation: number, pull: number): number {
  const generosity = clamp01((first / anchor - 0.15) / 0.4);
  return reservation + (anchor - reservation) * pull * generosity;
}

/** The time part of the counter: from the ask at round 0 to the aim at the seller's due round. */
export function curve(round: number, due: number, e: number, anchor: number, aim: number): number {
  const tau = Math.min(1, round / due);
  return aim + (anchor - aim) * (1 - tau ** (1 / e));
}

/** The walk chance of one round: insults and stalling, scaled by the type's walk risk. */
export function walkHazard(p: ResponsiveParams, walkRisk: number, insult: number, stalls: number): number {
  return Math.min(p.hazardCap, walkRisk * (insult + p.stallWeight * stalls));
}

const nullable = (m: SellerMemory, key: string): number | null => {
  const v = m[key];
  return typeof v === "number" ? v : null;
};

/**
 * A seller that answers the buyer (game v2). Per episode its hidden type (patience, concession
 * curve, reactivity, walk risk, bluff rate, stock pressure, margin) comes from the spec; each
 * turn it
 * - may walk when the offer is an insult or the buyer stalls (hazard from its walk risk, drawn
 *   from the seller stream; never on an offer at or above its floor — the guard forbids it);
 * - anchors on the buyer's first offer (a low, non-insulting opener lowers where it aims to end);
 * - gives back a share (its reactivity) of every raise the buyer makes;
 * - follows its concession curve towards its aim by its due round;
 * - is bound by the deadline too: on the last round it takes offers nearer its floor the more it
 *   needs the sale (stock pressure), since no deal is a loss for it as well;
 * - bluffs (invented rivals) at its bluff rate.
 * Every counter still passes the engine's rules guard.
 */
export function responsiveSeller(
  ref: SellerRef,
  p: ResponsiveParams,
  lines: ResponsiveLines,
  tellProfile: TellProfile,
): SellerPolicy {
  return {
    ref,
    tellProfile,
    persona: "responsive",
    acceptAtReservation: false,

    open(setup: SellerSetup, rngs: SellerRngs): SellerOpening {
      const type = setup.type ?? NEUTRAL_SELLER_TYPE;
      const reservation = round2(setup.cost * (1 + type.margin));
      const anchor = round2(Math.max(setup.anchorBase * p.anchorMultiplier, 1.05 * reservation));
      const start: SellerMemory = {
        e: type.concession,
        due: sellerDue(type, setup.rounds),
        react: type.reactivity,
        walk: type.walk_risk,
        bluff: type.bluff_rate,
        stock: type.stock_pressure,
        first: null,
        prev: null,
        credit: 0,
        stalls: 0,
      };
      return speakOpening(setup, rngs, lines, {
        anchor,
        reservation,
        inventoryPressure: type.stock_pressure,
        memory: start,
      });
    },

    respond(input: SellerTurnInput, rngs: SellerRngs): SellerTurn {
      const { round: t, maxRounds: R, buyerOffer: offer, anchor, reservation: r, lastQuote } = input;
      // Fixed draw positions: a change in one branch never shifts another's randomness.
      const uWalk = rngs.decision.next();
      const uJitter = rngs.decision.next();
      const uBluff = rngs.decision.next();
      const m = input.memory;
      const first = nullable(m, "first") ?? offer;
      const prev = nullable(m, "prev");
      const raise = prev === null ? 0 : offer - prev;
      const stalls = prev !== null && raise < p.stallShare * anchor ? memoryNumber(m, "stalls", 0) + 1 : 0;
      const credit = memoryNumber(m, "credit", 0) + memoryNumber(m, "react", 0) * Math.max(0, raise);
      const memory: SellerMemory = { ...m, first, prev: offer, credit: round2(credit), stalls };

      const insult = insultLevel(offer, r, p.insultShare);
      const hazard = walkHazard(p, memoryNumber(m, "walk", 0), insult, stalls);
      if (offer < r && uWalk < hazard) {
        const said = sayLine(lines, lines.walk, "walk", rngs.phrasing, input.itemName, null, r, memory);
        return { action: "walk", price: null, message: said.text, memory: said.memory };
      }

      const aim = aimFor(first, anchor, r, p.anchorPull);
      const due = memoryNumber(m, "due", R);
      const base = curve(t, due, memoryNumber(m, "e", 1), anchor, aim);
      const wobble = p.jitter * (anchor - r) * (2 * uJitter - 1);
      const quote = round2(Math.max(r, Math.min(lastQuote, base - credit + wobble)));
      const stock = memoryNumber(m, "stock", 0);
      const acceptLine = t >= R ? r + (quote - r) * (1 - stock) : quote * (1 - p.acceptSlack);
      if (offer >= r && offer >= acceptLine) return acceptTurn(lines, rngs, input, memory);

      const key = raise > p.stallShare * anchor ? "reciprocate" : "counter";
      const turn = counterTurn(lines, rngs, input, quote, memory, lines[key], key);
      if (uBluff < memoryNumber(m, "bluff", 0)) {
        const bluff = sayLine(
          lines,
          lines.bluff,
          "bluff",
          rngs.phrasing,
          input.itemName,
          null,
          r,
          turn.memory,
        );
        return { ...turn, message: `${turn.message} ${bluff.text}`, memory: bluff.memory };
      }
      return turn;
    },
  };
}
