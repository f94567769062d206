import { unitEpisodeId } from "../harness/play-unit";
import type { UnitResult } from "../harness/unit-result";
import type { SummaryPlan } from "../metrics/eval-summary";
import { type ExampleEpisode, type MeasuredRun, type RankedRow, rankRuns, sortedSet } from "./rank-runs";

export type { ExampleEpisode } from "./rank-runs";

/** One finished eval run as the store holds it: its plan, provenance and played units. */
export interface StoredRun {
  run_id: string;
  git_commit: string;
  engine_version: string;
  created_at: string;
  plan: SummaryPlan;
  units: readonly UnitResult[];
}

export interface LeaderboardFilter {
  task?: string;
  /** "id@version" of the seller the units played. */
  seller?: string;
  engine?: string;
}

/** Decides whether a unit's episodes can be rebuilt for the replay page. */
export type ReplayableRule = (run: StoredRun, unit: UnitResult) => boolean;

export interface LeaderboardRow {
  rank: number;
  buyer: string;
  /** Prompt template hash of a model buyer; null for code buyers (their id is their version). */
  buyer_prompt_hash: string | null;
  /** A task reference, or "all" for the overall table. */
  task: string;
  /** Task versions the row covers, task → version. */
  task_versions: Record<string, string>;
  /** Sellers the row played, task → "id@version#hash". */
  sellers: Record<string, string>;
  engine_version: string;
  tells: boolean;
  seeds: number;
  mean_task_score: number;
  task_score_ci95: [number, number];
  /** Mean score ÷ the oracle's on the same tasks, seeds and sellers; null when no oracle ran. */
  fraction_of_oracle: number | null;
  parse_error_rate: number;
  run_id: string;
  git_commit: string;
  created_at: string;
  examples: ExampleEpisode[];
}

export interface LeaderboardTables {
  per_task: LeaderboardRow[];
  overall: LeaderboardRow[];
  /** Values the filters can take, from every stored run (filters applied or not). */
  available: { tasks: string[]; sellers: string[]; engines: string[] };
  runs_considered: number;
}

/** A buyer's unit as the shared ranking sees it; the plan's products pin the number too. */
function measured(run: StoredRun, replayable: ReplayableRule): MeasuredRun {
  return {
    run_id: run.run_id,
    git_commit: run.git_commit,
    created_at: run.created_at,
    units: run.units.map((u) => ({
      contestant: u.buyer_id,
      contestant_hash: u.buyer_prompt_hash,
      task_id: u.task_id,
      task_version: u.task_version,
      counterpart: `${u.seller_key}#${u.seller.hash}`,
      counterpart_key: u.seller_key,
      engine_version: u.engine_version,
      tells: u.tells,
      seed: u.seed,
      score: u.score,
      decisions: u.decisions,
      parse_errors: u.parse_errors,
      episode_id: unitEpisodeId(u.run_id, u.buyer_id, u.task_id, u.seed),
      pinned: [run.plan.listings, run.plan.max_episodes],
      replayable: replayable(run, u),
    })),
  };
}

// Field by field, in the order the buyer leaderboard has always answered (its JSON must not move).
const buyerRow = (r: RankedRow): LeaderboardRow => ({
  rank: r.rank,
  buyer: r.contestant,
  buyer_prompt_hash: r.contestant_hash,
  task: r.task,
  task_versions: r.task_versions,
  sellers: r.counterparts,
  engine_version: r.engine_version,
  tells: r.tells,
  seeds: r.seeds,
  mean_task_score: r.mean_score,
  task_score_ci95: r.score_ci95,
  parse_error_rate: r.parse_error_rate,
  run_id: r.run_id,
  git_commit: r.git_commit,
  created_at: r.created_at,
  examples: r.examples,
  fraction_of_oracle: r.fraction_of_oracle,
});

/**
 * Buyers ranked on the task score, per task and overall, from stored eval runs (rank-runs.ts:
 * a row is one buyer on one task in one run, the newest of equal measurements stands, overall
 * rows pool a run's tasks). An "oracle" buyer's row is the ceiling of the rows it matches.
 * Pure: same runs, same tables.
 */
export function leaderboard(
  runs: readonly StoredRun[],
  filter: LeaderboardFilter = {},
  replayable: ReplayableRule = () => true,
): LeaderboardTables {
  const available = {
    tasks: sortedSet(runs.flatMap((r) => r.units.map((u) => u.task_id))),
    sellers: sortedSet(runs.flatMap((r) => r.units.map((u) => u.seller_key))),
    engines: sortedSet(runs.flatMap((r) => r.units.map((u) => u.engine_version))),
  };
  const t = rankRuns(
    runs.map((r) => measured(r, replayable)),
    {
      ...(filter.task !== undefined ? { task: filter.task } : {}),
      ...(filter.seller !== undefined ? { counterpart: filter.seller } : {}),
      ...(filter.engine !== undefined ? { engine: filter.engine } : {}),
    },
    { ciLabel: (buyer, task) => `leaderboard|${buyer}|${task}`, oracle: /^oracle\b/ },
  );
  return {
    per_task: t.per_task.map(buyerRow),
    overall: t.overall.map(buyerRow),
    available,
    runs_considered: runs.length,
  };
}
