import { branchEpisodeLog, buyerMoves } from "../../env/branch";
import type { DialogueTurn } from "../../env/dialogue";
import type { EpisodeState } from "../../env/episode-state";
import { EngineError } from "../../env/episode-step";
import { round4 } from "../../env/money";
import type { DealRecord } from "../../env/records";
import type { StoredEpisode } from "../storage/episode-store";
import type { Continuation, CounterfactualRequest, OutcomeSummary } from "../wire/counterfactual";
import { ServiceError } from "./service-error";
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

/** Branch a stored episode (env/branch.ts) with the exact seller and grader it was played with. */
export function branchEpisode(
  ep: StoredEpisode,
  input: CounterfactualInput,
  branchId: string,
): CounterfactualBranch {
  const rt = storedRuntime(ep);
  const { grade } = rt;
  const moves = buyerMoves(ep.events);
  const k = input.from_round;
  const continuation = input.continuation ?? "greedy";
  let state: EpisodeState | null;
  try {
    state = branchEpisodeLog(ep.events, k, input.action, continuation, branchId, rt);
  } catch (err) {
    if (err instanceof EngineError) throw new ServiceError("VALIDATION_ERROR", err.message);
    throw err;
  }
  if (state === null) {
    throw new ServiceError(
      "VALIDATION_ERROR",
      `Episode ${ep.id} has buyer moves in rounds 1..${moves.length}; from_round ${k} is not one of them.`,
      undefined,
      { loc: ["body", "from_round"], rounds: moves.length },
    );
  }
  const originalRounds = moves[moves.length - 1]?.round ?? 0;
  return {
    state,
    from_round: k,
    continuation,
    original: summary(ep.record, originalRounds, grade),
    counterfactual: summary(state.record, state.round, grade),
    history: state.dialogue.filter((t) => t.round >= k),
  };
}
