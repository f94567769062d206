import { clamp01, round2 } from "../env/money";
import type { Observation } from "../env/observation";
import { guardOffer, spokenAct } from "./buyer-move";
import { type BuyerPolicy, currentAsk } from "./buyer-policy";
import { ruleProposal } from "./rule-buyers";

/**
 * The career buyer's numbers (what its release hash pins). It remembers the seller across a
 * career: `opponent_avg_offer_velocity` (the seller's mean concession per counter over the
 * earlier deals, from the engine's career record) read against this listing's ask gives a
 * softness in [0, 1], full at `full_softness_share` of the ask per counter.
 */
export const CAREER_SMART_PARAMS = {
  base: "rule:smart",
  full_softness_share: 0.06,
  /** A fully soft seller's opening bid is this much lower… */
  opening_discount: 0.2,
  /** …and each raise this much smaller… */
  raise_discount: 0.6,
  /** …and it holds out for an ask this much lower before taking it (rule-smart takes ≤ 55 % of budget). */
  accept_discount: 0.3,
  /** rule-smart's numbers it shades: takes an ask at or below this share of its budget, raises by this share. */
  smart_accept_share: 0.55,
  smart_raise_share: 0.05,
  smart_cap_share: 0.7,
} as const;

/** How soft the seller has shown itself in the earlier deals of this career; 0 before any. */
export function sellerSoftness(obs: Observation): number {
  const c = obs.career_history;
  if (c === null || c.deals.length === 0) return 0;
  return clamp01(
    c.opponent_avg_offer_velocity / (CAREER_SMART_PARAMS.full_softness_share * obs.seller_asking_price),
  );
}

/**
 * rule-smart with a memory (seller role, careers): against a seller that conceded fast in the
 * earlier deals it opens lower and raises in smaller steps, so caving early costs the seller
 * later. On a single deal (no career) it plays exactly as rule-smart.
 */
export function careerSmartBuyer(): BuyerPolicy {
  const p = CAREER_SMART_PARAMS;
  return {
    id: "career:smart",
    promptHash: null,
    act: async (obs, ctx) => {
      const base = ruleProposal("smart", obs, ctx);
      const soft = sellerSoftness(obs);
      if (soft === 0) return spokenAct(obs, ctx, base);
      const B = obs.own_private_budget;
      const last = obs.own_last_offer;
      const deadline = obs.own_private_deadline;
      const pressed = obs.rounds_remaining <= 1 || (deadline !== null && obs.current_round >= deadline - 1);
      // rule-smart takes any ask at or below 55 % of its budget; against a soft seller it holds
      // out for less (never on its last round or at its deadline, where rule-smart's rules stand).
      if (base.type === "accept" && !pressed && last !== null) {
        const willing = p.smart_accept_share * B * (1 - p.accept_discount * soft);
        if (currentAsk(obs) <= willing) return spokenAct(obs, ctx, base);
        const raise = p.smart_raise_share * B * (1 - p.raise_discount * soft);
        return spokenAct(
          obs,
          ctx,
          guardOffer(obs, { type: "offer", price: round2(Math.min(last + raise, p.smart_cap_share * B)) }),
        );
      }
      if (base.type !== "offer" || base.price == null) return spokenAct(obs, ctx, base);
      const price =
        last === null
          ? base.price * (1 - p.opening_discount * soft)
          : last + (base.price - last) * (1 - p.raise_discount * soft);
      return spokenAct(obs, ctx, guardOffer(obs, { type: "offer", price: round2(price) }));
    },
  };
}
