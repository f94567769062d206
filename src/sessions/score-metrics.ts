import { round4 } from "../../env/money";
import { type RunState, scoreRun } from "../../env/run";
import type { ScoreResponse } from "../wire/score";

const mean = (xs: readonly number[]): number =>
  xs.length === 0 ? 0 : round4(xs.reduce((a, b) => a + b, 0) / xs.length);

export function scoreResponse(sessionId: string, run: RunState): ScoreResponse {
  const s = scoreRun(run);
  const records = run.records;
  const current = run.episode;
  const finishedReward = run.finished.reduce((sum, e) => sum + e.cumulativeReward, 0);
  return {
    session_id: sessionId,
    ...s,
    metrics: {
      deals: records.filter((r) => r.outcome === "deal").length,
      walks: records.filter((r) => r.outcome === "walk").length,
      expired: records.filter((r) => r.outcome === "expired").length,
      mean_normalized_surplus: mean(records.map((r) => r.normalized_surplus)),
      mean_rounds: mean(records.map((r) => r.rounds_taken)),
      cumulative_reward: round4(finishedReward + current.cumulativeReward),
    },
  };
}
