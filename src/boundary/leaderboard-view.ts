import { leaderboard, type LeaderboardRow as Row, type StoredRun } from "../../eval/leaderboard/leaderboard";
import { replayableUnit } from "../sessions/eval-episodes";
import type { LeaderboardQuery, LeaderboardResponse, LeaderboardRow } from "../wire/leaderboard";

/** Above this share of unreadable model replies a row mostly measures the fallback move (#17 item 7). */
export const PARSE_ERROR_WARN = 0.2;

export const HOW_TO_ADD =
  "No finished eval runs yet. Make one with `bazaar eval --buyer rule:naive --buyer rule:smart --task single_deal --seeds 1..30` " +
  "(it writes ./data/eval.db; a server started with --eval-db <file> reads another), then reload.";

const q = encodeURIComponent;

/** The replay page of one episode of an eval run. */
export const evalReplayLink = (runId: string, episodeId: string): string =>
  `/web/replay?run=${q(runId)}&episode=${q(episodeId)}`;

const withLinks = (r: Row): LeaderboardRow => ({
  ...r,
  examples: r.examples.map(({ replayable, ...e }) => ({
    ...e,
    replay: replayable ? evalReplayLink(r.run_id, e.episode_id) : null,
  })),
  run: `/eval/runs/${q(r.run_id)}`,
});

/**
 * GET /leaderboard and `bazaar leaderboard`: the ranked tables of stored eval runs with links.
 * Eval results hold nothing hidden from a buyer beyond finished episodes' logs, which the
 * replay links open only once their run is over (finished runs are all this reads).
 */
export function leaderboardView(runs: readonly StoredRun[], filters: LeaderboardQuery): LeaderboardResponse {
  const t = leaderboard(runs, filters, replayableUnit);
  return {
    per_task: t.per_task.map(withLinks),
    overall: t.overall.map(withLinks),
    available: t.available,
    runs_considered: t.runs_considered,
    filters,
    parse_error_warn: PARSE_ERROR_WARN,
    how_to_add: HOW_TO_ADD,
  };
}
