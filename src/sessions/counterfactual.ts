import type { Action } from "../../env/action";
import type { DialogueTurn } from "../../env/dialogue";
import { type EpisodeState, replayEvents } from "../../env/episode-state";
import { EngineError, stepEpisode } from "../../env/episode-step";
import type { BuyerActedEvent, EpisodeEvent } from "../../env/events";
import { round2, round4 } from "../../env/money";
import type { DealRecord } from "../../env/records";
import type { StoredEpisode } from "../storage/episode-store";
import type { Continuation, CounterfactualRequest, OutcomeSummary } from "../wire/counterfactual";
import { actionFromEvent } from "./run-replay";
import { ServiceError } from "./session-service";
import { storedRuntime } from "./stored-runtime";

/** What the service needs to branch; the HTTP route validates it as CounterfactualRequest. */
export type CounterfactualInput = CounterfactualRequest;

export interface CounterfactualBranch {
  /** The finished branch, ready to be stored as a new episode. */
  state: EpisodeState;
  from_round: number;
  continuation: Continuation;
  original: OutcomeSummary;
  counterfactual: OutcomeSummary;
  /** The branch's dialogue from the replaced round on. */
  history: DialogueTurn[];
}

/** The original's fixed continuation (REFERENCE §10.7 step 4): take a cheap ask, else bid 85 % of it. */
export function greedyMove(s: EpisodeState): Action {
  const budget = s.spec.buyer_budget;
  if (s.lastQuote <= 0.6 * budget) return { type: "accept" };
  return { type: "offer", price: round2(Math.min(0.85 * s.lastQuote, 0.7 * budget)) };
}

const summary = (
  record: DealRecord | null,
  rounds: number,
  grade: (r: DealRecord) => number,
): OutcomeSummary => ({
  outcome: record?.outcome ?? null,
  agreed_price: record?.agreed_price ?? null,
  rounds,
  score: record === null ? null : round4(grade(record)),
});

/**
 * Branch a stored episode: replay its log up to the buyer move of round k, play a different
 * move there, then continue with the chosen policy. `repeat` replays the original's later
 * buyer moves (falling back to greedy once they run out); `greedy` is the original rule.
 */
export function branchEpisode(
  ep: StoredEpisode,
  input: CounterfactualInput,
  branchId: string,
): CounterfactualBranch {
  const { seller, grade } = storedRuntime(ep);
  const buyerMoves = ep.events.filter((e): e is BuyerActedEvent => e.type === "buyer_acted");
  const k = input.from_round;
  const cut = ep.events.findIndex((e) => e.type === "buyer_acted" && e.round === k);
  if (cut < 0) {
    throw new ServiceError(
      "VALIDATION_ERROR",
      `Episode ${ep.id} has buyer moves in rounds 1..${buyerMoves.length}; from_round ${k} is not one of them.`,
      422,
      { loc: ["body", "from_round"], rounds: buyerMoves.length },
    );
  }
  const [started, ...rest] = ep.events as [EpisodeEvent & { type: "episode_started" }, ...EpisodeEvent[]];
  const prefix: EpisodeEvent[] = [
    { ...started, spec: { ...started.spec, episode_id: branchId } },
    ...rest.slice(0, cut - 1),
  ];
  const state = replayEvents(prefix, grade);
  const rt = { seller, grade };
  const continuation = input.continuation ?? "greedy";
  const later = buyerMoves.filter((e) => e.round > k).map(actionFromEvent);
  try {
    stepEpisode(state, input.action, rt);
    // The round limit ends every episode; the bound only guards against a policy that never does.
    for (let i = 0; !state.done && i < 1000; i++) {
      const next = continuation === "repeat" && i < later.length ? (later[i] as Action) : greedyMove(state);
      stepEpisode(state, next, rt);
    }
  } catch (err) {
    if (err instanceof EngineError) throw new ServiceError("VALIDATION_ERROR", err.message, 422);
    throw err;
  }
  const originalRounds = buyerMoves[buyerMoves.length - 1]?.round ?? 0;
  return {
    state,
    from_round: k,
    continuation,
    original: summary(ep.record, originalRounds, grade),
    counterfactual: summary(state.record, state.round, grade),
    history: state.dialogue.filter((t) => t.round >= k),
  };
}
