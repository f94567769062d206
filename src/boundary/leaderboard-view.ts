import { leaderboard, type LeaderboardRow as Row, type StoredRun } from "../../eval/leaderboard/leaderboard";
import { type StoredSellerRun, sellerLeaderboard } from "../../eval/leaderboard/seller-leaderboard";
import { replayableUnit } from "../sessions/eval-episodes";
import type {
  LeaderboardQuery,
  LeaderboardResponse,
  LeaderboardRow,
  SellerLeaderboardQuery,
  SellerLeaderboardResponse,
} from "../wire/leaderboard";

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

export const SELLER_HOW_TO_ADD =
  "No finished seller eval runs yet. Make one with `bazaar eval --role seller --agent scripted --task all --seeds 1..30` " +
  "(it writes ./data/eval.db, or the store --db names; a server started with --eval-db <file> reads it), then reload.";

/**
 * GET /leaderboard?role=seller and `bazaar leaderboard --role seller`: seller agents ranked from
 * stored seller runs. Rows are aggregates of the agents' own scores; the buyers' budgets and the
 * agents' reservations stay in the store (the rows are built from scores alone). The replay page
 * rebuilds buyer-role episodes only, so examples carry no replay link.
 */
export function sellerLeaderboardView(
  runs: readonly StoredSellerRun[],
  filters: SellerLeaderboardQuery,
): SellerLeaderboardResponse {
  const t = sellerLeaderboard(runs, filters);
  const linked = (rows: typeof t.per_task) =>
    rows.map((r) => ({
      ...r,
      examples: r.examples.map(({ replayable: _, ...e }) => ({ ...e, replay: null })),
    }));
  return {
    role: "seller",
    per_task: linked(t.per_task),
    overall: linked(t.overall),
    available: t.available,
    runs_considered: t.runs_considered,
    filters,
    parse_error_warn: PARSE_ERROR_WARN,
    how_to_add: SELLER_HOW_TO_ADD,
  };
}
