import type { Action } from "../env/action";
import type { RunState } from "../env/run";

/** The engine benches' buyer: opens at 40 % of the ask and closes a quarter of the gap each round. */
export function scriptedAction(run: RunState): Action {
  const o = run.episode;
  const ask = o.lastQuote;
  const last = o.lastBuyerOffer;
  const price = last === null ? 0.4 * ask : last + 0.25 * (ask - last);
  return { type: "offer", price: Math.round(price * 100) / 100, message: `Can you do ${Math.round(price)}?` };
}
