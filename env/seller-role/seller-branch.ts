import type { Action } from "../action";
import { branchPrefix, type Continuation } from "../branch";
import { type EpisodeState, replayEvents } from "../episode-state";
import { buyerMove, type EpisodeRuntime } from "../episode-step";
import type { EpisodeEvent, SellerRepliedEvent } from "../events";
import { round2 } from "../money";
import type { SellerAction } from "./seller-action";
import { sellerAgentStep } from "./seller-episode";

/**
 * The pinned buyer's next move in a seller-role branch. `step` is its decision index in the
 * run (0 = the opening), as the live run counts it, so a stochastic code buyer draws the same
 * numbers it drew live. The shell wraps the buyer release (env does not know buyers/).
 */
export type BuyerDecide = (s: EpisodeState, step: number) => Promise<Action>;

/** The seller agent's replies of a stored seller-role log, in order. */
export const agentReplies = (events: readonly EpisodeEvent[]): SellerRepliedEvent[] =>
  events.filter((e): e is SellerRepliedEvent => e.type === "seller_replied" && e.source === "agent");

/** The seller move a stored agent reply records (its message and price exactly as played). */
export function sellerActionFromEvent(ev: SellerRepliedEvent): SellerAction {
  if (ev.action !== "counter") return { action_type: ev.action, message: ev.message };
  return { action_type: "counter", price: ev.price, message: ev.message };
}

/**
 * The seller side's fixed continuation, the mirror of the buyer's greedy rule: take a standing
 * offer at or above the reservation, else split the difference between the last quote and the
 * offer, never below the floor (and never above the last quote, which the guard would correct).
 */
export function greedySellerMove(s: EpisodeState): SellerAction {
  const offer = s.lastBuyerOffer;
  if (offer !== null && offer >= s.reservation) return { action_type: "accept" };
  const mid = offer === null ? s.lastQuote : (s.lastQuote + offer) / 2;
  return { action_type: "counter", price: round2(Math.min(s.lastQuote, Math.max(s.reservation, mid))) };
}

/**
 * Branch a seller-role episode log: replay it up to the agent's reply in round k, play `action`
 * there instead, then let the pinned buyer and a continuation play on until the episode ends.
 * `repeat` replays the original's later replies (then greedy once they run out); `greedy` is the
 * rule above. Null when the log has no agent reply in round k. Engine errors propagate.
 */
export async function branchSellerEpisodeLog(
  events: readonly EpisodeEvent[],
  k: number,
  action: SellerAction,
  continuation: Continuation,
  branchId: string,
  rt: EpisodeRuntime,
  buyer: BuyerDecide,
): Promise<EpisodeState | null> {
  const cut = events.findIndex((e) => e.type === "seller_replied" && e.source === "agent" && e.round === k);
  if (cut < 0) return null;
  const prefix = branchPrefix(events, cut, branchId);
  const state = replayEvents(prefix, rt.grade);
  let buyerStep = prefix.filter((e) => e.type === "buyer_acted").length;
  const later = agentReplies(events)
    .filter((e) => e.round > k)
    .map(sellerActionFromEvent);
  sellerAgentStep(state, action, rt);
  // The round limit ends every episode; the bound only guards against a buyer that never does.
  for (let i = 0; !state.done && i < 1000; i++) {
    buyerMove(state, await buyer(state, buyerStep), rt);
    buyerStep += 1;
    if (state.done) break;
    const next =
      continuation === "repeat" && i < later.length ? (later[i] as SellerAction) : greedySellerMove(state);
    sellerAgentStep(state, next, rt);
  }
  return state;
}
