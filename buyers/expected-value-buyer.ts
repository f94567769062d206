import { formatRupees, round2 } from "../env/money";
import { guardOffer, spokenAct } from "./buyer-move";
import { type BuyerPolicy, currentAsk } from "./buyer-policy";
import { steeringBounds } from "./steering";

/**
 * A buyer that models the seller's floor and bids to maximise expected surplus.
 * Floor model: uniform on [0.85·ĉ, 1.15·ĉ] around the steering layer's cost estimate ĉ
 * (persona prior, tells, concession speed). A bid b then wins with P(floor ≤ b), so
 * EV(b) = (B − b)·P(floor ≤ b), maximised at b* = (B + lo)/2 clamped to the interval.
 * Early rounds shade the bid toward lo (there is time to learn); accepting is chosen when
 * the sure surplus B − ask beats EV(b*). When even the modelled floor leaves no surplus
 * it declines to engage and says why.
 */
export const FLOOR_SPREAD = 0.15;

export interface FloorModel {
  lo: number;
  hi: number;
  estimate: number;
}

export function expectedSurplus(budget: number, bid: number, m: FloorModel): number {
  const p = m.hi <= m.lo ? (bid >= m.lo ? 1 : 0) : Math.min(1, Math.max(0, (bid - m.lo) / (m.hi - m.lo)));
  return (budget - bid) * p;
}

export function expectedValueBuyer(): BuyerPolicy {
  return {
    id: "ev:floor-model",
    promptHash: null,
    act: async (obs, ctx) => {
      const ask = currentAsk(obs);
      const B = obs.own_private_budget;
      const bounds = steeringBounds(obs);
      const estimate = bounds?.estCost ?? 0.5 * ask;
      const m: FloorModel = {
        estimate,
        lo: (1 - FLOOR_SPREAD) * estimate,
        hi: (1 + FLOOR_SPREAD) * estimate,
      };
      if (obs.current_round === 0 && B - m.lo <= 0) {
        const why =
          `Seedhi baat: aap ${formatRupees(ask)} maang rahe ho, aur is cheez ki laagat hi ` +
          `${formatRupees(m.estimate)} ke aas-paas lagti hai — mere hisaab mein koi sauda nahi banta. Namaste.`;
        return spokenAct(obs, ctx, { type: "walk" }, why);
      }
      const best = Math.min(m.hi, Math.max(m.lo, (B + m.lo) / 2));
      const t = obs.max_rounds <= 1 ? 1 : obs.current_round / (obs.max_rounds - 1);
      const bid = round2(m.lo + (best - m.lo) * (0.5 + 0.5 * t));
      const sure = B - ask;
      if (ask <= B && (sure >= expectedSurplus(B, best, m) || obs.rounds_remaining <= 1)) {
        return spokenAct(obs, ctx, { type: "accept" });
      }
      if (obs.rounds_remaining <= 1) return spokenAct(obs, ctx, { type: "walk" });
      return spokenAct(obs, ctx, guardOffer(obs, { type: "offer", price: bid }));
    },
  };
}
