import type { SellerUnitResult } from "../seller-role/seller-eval";
import { type ExampleEpisode, type MeasuredRun, type RankedRow, rankRuns, sortedSet } from "./rank-runs";

/**
 * A seller-role unit as the eval store keeps it: the played unit and what its number depends on
 * that the unit itself does not say (the agent's version and hash, the task's version, tells,
 * the commit). The stored unit's records are the agent's own deals; no row ever shows them.
 */
export interface StoredSellerUnit {
  run_id: string;
  /** "id@version" of the seller agent. */
  agent: string;
  agent_hash: string;
  /** "seller-agent-v1:<hash>" for model agents, null for code agents. */
  agent_prompt_hash: string | null;
  task_id: string;
  task_version: string;
  tells: boolean;
  git_commit: string;
  /** The id the unit's episode was played under (seller-eval.ts's sellerUnitEpisodeId). */
  episode_id: string;
  unit: SellerUnitResult;
}

export interface StoredSellerRun {
  run_id: string;
  git_commit: string;
  created_at: string;
  units: readonly StoredSellerUnit[];
}

export interface SellerLeaderboardFilter {
  task?: string;
  /** "id@version" of the pinned buyer the agents sold to. */
  buyer?: string;
  engine?: string;
  /** "id@version" of a seller agent. */
  agent?: string;
}

export interface SellerLeaderboardRow {
  rank: number;
  /** The seller agent, "id@version". */
  agent: string;
  /** Content hash of the agent: a code agent's parameters, a model agent's prompt. */
  agent_hash: string;
  task: string;
  task_versions: Record<string, string>;
  /** Buyers the row sold to, task → "id@version#hash". */
  buyers: Record<string, string>;
  engine_version: string;
  tells: boolean;
  seeds: number;
  mean_score: number;
  score_ci95: [number, number];
  parse_error_rate: number;
  run_id: string;
  git_commit: string;
  created_at: string;
  examples: ExampleEpisode[];
}

export interface SellerLeaderboardTables {
  per_task: SellerLeaderboardRow[];
  overall: SellerLeaderboardRow[];
  available: { tasks: string[]; buyers: string[]; agents: string[]; engines: string[] };
  runs_considered: number;
}

const buyerKeyOf = (s: StoredSellerUnit): string => `${s.unit.buyer.id}@${s.unit.buyer.version}`;

/**
 * Sellers rank on the unit's `score`: the seller-role task's grade, the mean episode score over
 * the unit's deals (a career's unplayed deals count 0). That is the number the task defines as
 * doing well, bounded and comparable across agents, as the task score is for buyers; `return`
 * (rewards plus malformed-counter penalties) and the deal rate are diagnostics, not the goal.
 */
function measured(run: StoredSellerRun): MeasuredRun {
  return {
    run_id: run.run_id,
    git_commit: run.git_commit,
    created_at: run.created_at,
    units: run.units.map((s) => ({
      contestant: s.agent,
      // The hash pins a code agent's parameters and a model agent's prompt.
      contestant_hash: s.agent_hash,
      task_id: s.task_id,
      task_version: s.task_version,
      counterpart: `${buyerKeyOf(s)}#${s.unit.buyer.hash}`,
      counterpart_key: buyerKeyOf(s),
      engine_version: s.unit.engine_version,
      tells: s.tells,
      seed: s.unit.seed,
      score: s.unit.score,
      decisions: s.unit.decisions,
      parse_errors: s.unit.parse_errors,
      episode_id: s.episode_id,
      // The persona the agent played and the seller-role rules pin the number too.
      pinned: [
        s.agent_prompt_hash,
        `${s.unit.persona_seller.id}@${s.unit.persona_seller.version}#${s.unit.persona_seller.hash}`,
        s.unit.seller_role_version,
      ],
      // The replay page rebuilds buyer-role episodes only.
      replayable: false,
    })),
  };
}

const sellerRow = (r: RankedRow): SellerLeaderboardRow => ({
  rank: r.rank,
  agent: r.contestant,
  agent_hash: r.contestant_hash ?? "",
  task: r.task,
  task_versions: r.task_versions,
  buyers: r.counterparts,
  engine_version: r.engine_version,
  tells: r.tells,
  seeds: r.seeds,
  mean_score: r.mean_score,
  score_ci95: r.score_ci95,
  parse_error_rate: r.parse_error_rate,
  run_id: r.run_id,
  git_commit: r.git_commit,
  created_at: r.created_at,
  examples: r.examples,
});

/**
 * Seller agents ranked per task and overall from stored seller eval runs, by the same ranking
 * as buyers (rank-runs.ts): the same seeded bootstrap 95 % CIs, the newest of equal measurements
 * standing, overall rows pooling one run's tasks, each row listing the versions it pinned so
 * rows compare only where those match. No oracle: the seller role has none. Pure.
 */
export function sellerLeaderboard(
  runs: readonly StoredSellerRun[],
  filter: SellerLeaderboardFilter = {},
): SellerLeaderboardTables {
  const all = runs.flatMap((r) => r.units);
  const t = rankRuns(
    runs.map(measured),
    {
      ...(filter.task !== undefined ? { task: filter.task } : {}),
      ...(filter.buyer !== undefined ? { counterpart: filter.buyer } : {}),
      ...(filter.engine !== undefined ? { engine: filter.engine } : {}),
      ...(filter.agent !== undefined ? { contestant: filter.agent } : {}),
    },
    { ciLabel: (agent, task) => `leaderboard|seller|${agent}|${task}` },
  );
  return {
    per_task: t.per_task.map(sellerRow),
    overall: t.overall.map(sellerRow),
    available: {
      tasks: sortedSet(all.map((s) => s.task_id)),
      buyers: sortedSet(all.map(buyerKeyOf)),
      agents: sortedSet(all.map((s) => s.agent)),
      engines: sortedSet(all.map((s) => s.unit.engine_version)),
    },
    runs_considered: runs.length,
  };
}
