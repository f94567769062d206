import type { Action } from "../../../env/action";
import type { Observation } from "../../../env/observation";

/** A simple scripted buyer for tests: bids up from 40 % of the ask, accepts a cheap ask. */
export function testBuyer(obs: Observation, k: number): Action {
  const ask = obs.opponent_last_offer ?? obs.seller_asking_price;
  if (ask <= 0.55 * obs.own_private_budget) return { type: "accept" };
  return { type: "offer", price: Math.round(ask * (0.45 + 0.06 * k) * 100) / 100, message: `offer ${k}` };
}
