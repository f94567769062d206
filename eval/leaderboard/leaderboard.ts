import { bootstrapCi, mean } from "../../env/bootstrap";
import { round4 } from "../../env/money";
import { deriveSeed } from "../../env/prng";
import { unitEpisodeId } from "../harness/play-unit";
import type { UnitResult } from "../harness/unit-result";
import type { SummaryPlan } from "../metrics/eval-summary";
import { BOOTSTRAP_SEED } from "../metrics/eval-summary";

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

/** A seed picked to show what a row's number is made of. */
export interface ExampleEpisode {
  task: string;
  seed: number;
  episode_id: string;
  score: number;
  /** "lowest", "median" or "highest" score of the row's seeds. */
  why: "lowest" | "median" | "highest";
  /** Whether the replay page can rebuild it (the caller's rule; rule sellers on built-in products). */
  replayable: boolean;
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

/** Rows with every provenance fact equal are the same measurement: the newest run stands. */
const provenanceKey = (u: UnitResult, plan: SummaryPlan): string =>
  JSON.stringify([
    u.buyer_id,
    u.buyer_prompt_hash,
    u.task_id,
    u.task_version,
    u.seller_key,
    u.seller.hash,
    u.engine_version,
    u.tells,
    plan.listings,
    plan.max_episodes,
  ]);

const sorted = (xs: Iterable<string>): string[] => [...new Set(xs)].sort();

function examples(
  run: StoredRun,
  units: readonly UnitResult[],
  replayable: ReplayableRule,
): ExampleEpisode[] {
  const byScore = [...units].sort((a, b) => a.score - b.score || a.seed - b.seed);
  const picks: Array<[ExampleEpisode["why"], UnitResult | undefined]> = [
    ["lowest", byScore[0]],
    ["median", byScore[Math.floor((byScore.length - 1) / 2)]],
    ["highest", byScore.at(-1)],
  ];
  const seen = new Set<string>();
  const out: ExampleEpisode[] = [];
  for (const [why, u] of picks) {
    if (u === undefined || seen.has(u.task_id + u.seed)) continue;
    seen.add(u.task_id + u.seed);
    out.push({
      task: u.task_id,
      seed: u.seed,
      episode_id: unitEpisodeId(u.run_id, u.buyer_id, u.task_id, u.seed),
      score: u.score,
      why,
      replayable: replayable(run, u),
    });
  }
  return out;
}

interface Group {
  run: StoredRun;
  units: UnitResult[];
}

function rowOf(
  task: string,
  g: Group,
  replayable: ReplayableRule,
): Omit<LeaderboardRow, "rank" | "fraction_of_oracle"> {
  const u0 = g.units[0] as UnitResult;
  const scores = g.units.map((u) => u.score);
  const decisions = g.units.reduce((k, u) => k + u.decisions, 0);
  const parseErrors = g.units.reduce((k, u) => k + u.parse_errors, 0);
  const task_versions: Record<string, string> = {};
  const sellers: Record<string, string> = {};
  for (const u of g.units) {
    task_versions[u.task_id] = u.task_version;
    sellers[u.task_id] = `${u.seller_key}#${u.seller.hash}`;
  }
  const ci = bootstrapCi(scores, { seed: deriveSeed(BOOTSTRAP_SEED, `leaderboard|${u0.buyer_id}|${task}`) });
  return {
    buyer: u0.buyer_id,
    buyer_prompt_hash: u0.buyer_prompt_hash,
    task,
    task_versions,
    sellers,
    engine_version: u0.engine_version,
    tells: u0.tells,
    seeds: new Set(g.units.map((u) => u.seed)).size,
    mean_task_score: round4(mean(scores)),
    task_score_ci95: [round4(ci[0]), round4(ci[1])],
    parse_error_rate: decisions === 0 ? 0 : round4(parseErrors / decisions),
    run_id: g.run.run_id,
    git_commit: g.run.git_commit,
    created_at: g.run.created_at,
    examples: examples(g.run, g.units, replayable),
  };
}

const ORACLE = /^oracle\b/;

/** What must match for an oracle row to be this row's ceiling: everything but the buyer. */
const oracleKey = (
  r: Omit<LeaderboardRow, "rank" | "fraction_of_oracle">,
  seeds: readonly number[],
): string => JSON.stringify([r.task, r.task_versions, r.sellers, r.engine_version, r.tells, seeds]);

function ranked(
  rows: Array<{ row: Omit<LeaderboardRow, "rank" | "fraction_of_oracle">; seeds: number[] }>,
): LeaderboardRow[] {
  const oracle = new Map<string, number>();
  for (const { row, seeds } of rows)
    if (ORACLE.test(row.buyer)) oracle.set(oracleKey(row, seeds), row.mean_task_score);
  const withOracle = rows.map(({ row, seeds }) => {
    const o = oracle.get(oracleKey(row, seeds));
    return { ...row, fraction_of_oracle: o === undefined || o <= 0 ? null : round4(row.mean_task_score / o) };
  });
  withOracle.sort(
    (a, b) =>
      a.task.localeCompare(b.task) ||
      b.mean_task_score - a.mean_task_score ||
      b.task_score_ci95[0] - a.task_score_ci95[0] ||
      a.buyer.localeCompare(b.buyer) ||
      b.created_at.localeCompare(a.created_at),
  );
  let rank = 0;
  let task = "";
  return withOracle.map((r) => {
    rank = r.task === task ? rank + 1 : 1;
    task = r.task;
    return { rank, ...r };
  });
}

/**
 * Buyers ranked on the task score, per task and overall, from stored eval runs. A row is one
 * buyer on one task in one run; when several runs measured exactly the same thing (same buyer
 * and prompt, task and seller versions, engine, tells, products) the newest run's row stands.
 * The overall table pools a buyer's units over the tasks of one run, so overall rows compare
 * only when their task lists agree (each row lists them). Pure: same runs, same tables.
 */
export function leaderboard(
  runs: readonly StoredRun[],
  filter: LeaderboardFilter = {},
  replayable: ReplayableRule = () => true,
): LeaderboardTables {
  const available = {
    tasks: sorted(runs.flatMap((r) => r.units.map((u) => u.task_id))),
    sellers: sorted(runs.flatMap((r) => r.units.map((u) => u.seller_key))),
    engines: sorted(runs.flatMap((r) => r.units.map((u) => u.engine_version))),
  };
  const keep = (u: UnitResult): boolean =>
    (filter.task === undefined || u.task_id === filter.task) &&
    (filter.seller === undefined || u.seller_key === filter.seller) &&
    (filter.engine === undefined || u.engine_version === filter.engine);
  const newestFirst = [...runs].sort(
    (a, b) => b.created_at.localeCompare(a.created_at) || b.run_id.localeCompare(a.run_id),
  );
  const perTask = new Map<string, Group>();
  const overall = new Map<string, Group>();
  for (const run of newestFirst) {
    const mine = new Map<string, UnitResult[]>();
    for (const u of run.units) {
      if (!keep(u)) continue;
      const k = provenanceKey(u, run.plan);
      if (perTask.has(k) && perTask.get(k)?.run !== run) continue;
      mine.set(k, [...(mine.get(k) ?? []), u]);
    }
    for (const [k, units] of mine) perTask.set(k, { run, units });
    const byBuyer = new Map<string, UnitResult[]>();
    for (const units of mine.values())
      for (const u of units) byBuyer.set(u.buyer_id, [...(byBuyer.get(u.buyer_id) ?? []), u]);
    for (const [buyer, units] of byBuyer) {
      const tasks = sorted(units.map((u) => u.task_id));
      if (tasks.length < 2) continue;
      const k = JSON.stringify([buyer, units.map((u) => provenanceKey(u, run.plan)).sort()]);
      if (!overall.has(k))
        overall.set(k, {
          run,
          units: units.sort((a, b) => a.task_id.localeCompare(b.task_id) || a.seed - b.seed),
        });
    }
  }
  const seedsOf = (g: Group) =>
    sorted(g.units.map((u) => `${u.task_id}#${u.seed}`)).map((s) => Number(s.split("#")[1]));
  const taskRows = [...perTask.values()].map((g) => ({
    row: rowOf(
      (g.units[0] as UnitResult).task_id,
      { ...g, units: [...g.units].sort((a, b) => a.seed - b.seed) },
      replayable,
    ),
    seeds: seedsOf(g),
  }));
  const overallRows = [...overall.values()].map((g) => ({
    row: rowOf("all", g, replayable),
    seeds: seedsOf(g),
  }));
  return {
    per_task: ranked(taskRows),
    overall: ranked(overallRows),
    available,
    runs_considered: runs.length,
  };
}
