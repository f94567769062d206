import { z } from "zod";
import type { Action } from "./action";
import { type EpisodeState, replayEvents } from "./episode-state";
import { type EpisodeRuntime, stepEpisode } from "./episode-step";
import type { BuyerActedEvent, EpisodeEvent } from "./events";
import { round2 } from "./money";
import { actionFromEvent } from "./replay";

/**
 * How a branch continues after its replaced move: the original's greedy rule, or its own later
 * moves. The one spelling: the wire's counterfactual request and response use this schema.
 */
export const Continuation = z.enum(["greedy", "repeat"]);
export type Continuation = z.infer<typeof Continuation>;

/** The original's fixed continuation (REFERENCE §10.7 step 4): take a cheap ask, else bid 85 % of it. */
export function greedyMove(s: EpisodeState): Action {
  const budget = s.spec.buyer_budget;
  if (s.lastQuote <= 0.6 * budget) return { type: "accept" };
  return { type: "offer", price: round2(Math.min(0.85 * s.lastQuote, 0.7 * budget)) };
}

/** The buyer moves of a stored episode log, in order. */
export const buyerMoves = (events: readonly EpisodeEvent[]): BuyerActedEvent[] =>
  events.filter((e): e is BuyerActedEvent => e.type === "buyer_acted");

/** A log's events before index `cut`, renamed as the branch `branchId`: what a branch replays first. */
export function branchPrefix(events: readonly EpisodeEvent[], cut: number, branchId: string): EpisodeEvent[] {
  const [started, ...rest] = events as [EpisodeEvent & { type: "episode_started" }, ...EpisodeEvent[]];
  return [{ ...started, spec: { ...started.spec, episode_id: branchId } }, ...rest.slice(0, cut - 1)];
}

/**
 * Branch an episode log (D13): replay it up to the buyer move of round k, play `action` there
 * instead, then continue until the episode ends. `repeat` replays the original's later buyer
 * moves (falling back to greedy once they run out); `greedy` is the original rule. The branch
 * is named `branchId`. Null when the log has no buyer move in round k. Engine errors (an
 * illegal move) propagate.
 */
export function branchEpisodeLog(
  events: readonly EpisodeEvent[],
  k: number,
  action: Action,
  continuation: Continuation,
  branchId: string,
  rt: EpisodeRuntime,
): EpisodeState | null {
  const cut = events.findIndex((e) => e.type === "buyer_acted" && e.round === k);
  if (cut < 0) return null;
  const state = replayEvents(branchPrefix(events, cut, branchId), rt.grade);
  const later = buyerMoves(events)
    .filter((e) => e.round > k)
    .map(actionFromEvent);
  stepEpisode(state, action, rt);
  // The round limit ends every episode; the bound only guards against a policy that never does.
  for (let i = 0; !state.done && i < 1000; i++) {
    const next = continuation === "repeat" && i < later.length ? (later[i] as Action) : greedyMove(state);
    stepEpisode(state, next, rt);
  }
  return state;
}
