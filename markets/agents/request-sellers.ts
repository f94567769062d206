import type { RequestAgentView } from "../views";
import type { ActContext, Choice, RequestSellerAgent, Work } from "./agent-policy";
import { termsOf, writePitch } from "./pitch-writer";

/**
 * Scripted sellers for request markets. Each has a skill (chance of addressing a criterion),
 * a cost per attempt in paise (its own effort: a model's tokens, a person's time) and a speed.
 */
export interface SellerTraits {
  skill: number;
  costPerAttempt: number;
  speedMs: number;
}

/** Revise only after a failing verdict, while revisions remain; never while judging. */
function wantsAnotherTry(view: RequestAgentView): boolean {
  const last = view.me.submissions.at(-1);
  if (last === undefined) return true;
  return last.status === "failed" && view.me.revisions_left > 0;
}

function baseSeller(
  id: string,
  policy: string,
  t: SellerTraits,
  priceShare: number,
  decide: (view: RequestAgentView, ctx: ActContext) => Choice,
  learn: (view: RequestAgentView) => void = () => {},
): RequestSellerAgent {
  return {
    role: "request_seller",
    id,
    policy,
    speedMs: t.speedMs,
    decide,
    work(view, ctx): Work | null {
      if (!wantsAnotherTry(view) || view.me.won) return null;
      const terms = termsOf(view);
      const price = Math.max(1, Math.floor(terms.max_price * priceShare));
      return { price, pitch: writePitch(view, id, t.skill, ctx), cost: t.costPerAttempt };
    },
    learn,
  };
}

/** Fills every request at the full price and revises whenever it may. */
export const alwaysFill = (id: string, t: SellerTraits): RequestSellerAgent =>
  baseSeller(id, "always-fill", t, 1, () => ({ engage: true }));

/** Fills everything at a cut price (70 % of the max): less revenue per win, same odds of winning. */
export const PRICE_CUT_SHARE = 0.7;
export const priceCutter = (id: string, t: SellerTraits): RequestSellerAgent =>
  baseSeller(id, "price-cutter", t, PRICE_CUT_SHARE, () => ({ engage: true }));

/**
 * Expected-value bidding (the Bazaar fleet's rule): skip when P(qualify) × P(win | qualified)
 * × price < cost of an attempt; explore (always fill) while it has fewer than EXPLORE_SAMPLES
 * markets of its own history. Probabilities are Laplace-smoothed counts of its own outcomes.
 */
export const EXPLORE_SAMPLES = 3;

export interface EvMemory {
  samples: number;
  qualified: number;
  won: number;
}

export function expectedValue(m: EvMemory, price: number): number {
  const pq = (m.qualified + 1) / (m.samples + 2);
  const pw = (m.won + 1) / (m.qualified + 2);
  return pq * pw * price;
}

export function evBidder(id: string, t: SellerTraits): RequestSellerAgent & { memory: EvMemory } {
  const memory: EvMemory = { samples: 0, qualified: 0, won: 0 };
  const agent = baseSeller(
    id,
    "ev-bidder",
    t,
    1,
    (view) => {
      if (memory.samples < EXPLORE_SAMPLES) return { engage: true };
      const ev = expectedValue(memory, termsOf(view).max_price);
      return ev < t.costPerAttempt ? { engage: false, reason: "negative_ev" } : { engage: true };
    },
    (view) => {
      if (view.me.submissions.length === 0) return;
      memory.samples += 1;
      if (view.me.submissions.some((s) => s.status === "qualified" || s.status === "won"))
        memory.qualified += 1;
      if (view.me.won) memory.won += 1;
    },
  );
  return Object.assign(agent, { memory });
}
