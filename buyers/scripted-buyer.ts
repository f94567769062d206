import type { Action } from "../env/action";
import type { RunState } from "../env/run";

/**
 * The buyer the golden fixtures and benchmarks replay: opens at 40 % of the ask, closes a
 * share of the gap each round, accepts once the ask is within 3 % of its last offer, and
 * walks when the ask stays above 90 % of its budget in the final round.
 */
export function scriptedBuyer(run: RunState): Action {
  const e = run.episode;
  const ask = e.lastQuote;
  const last = e.lastBuyerOffer;
  if (last !== null && ask <= last * 1.03) return { type: "accept", message: "Theek hai, done." };
  if (e.round === e.maxRounds - 1 && ask > 0.9 * e.spec.buyer_budget)
    return { type: "walk", message: "Too much for me." };
  const price = last === null ? 0.4 * ask : last + 0.3 * (ask - last);
  return { type: "offer", price: Math.round(price * 100) / 100, message: `I can pay ${Math.round(price)}.` };
}
