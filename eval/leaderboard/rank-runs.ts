import { bootstrapCi, mean } from "../../env/bootstrap";
import { round4 } from "../../env/money";
import { deriveSeed } from "../../env/prng";
import { BOOTSTRAP_SEED } from "../metrics/eval-summary";

/**
 * The ranking both leaderboards share (buyers in leaderboard.ts, seller agents in
 * seller-leaderboard.ts): a unit of either role seen through what its number depends on.
 */
export interface MeasuredUnit {
  /** Who is ranked: a buyer id, or a seller agent "id@version". */
  contestant: string;
  /** What pins a contestant beyond its id: a model's prompt hash, a code agent's hash; or null. */
  contestant_hash: string | null;
  task_id: string;
  task_version: string;
  /** Who it played, pinned: "id@version#hash" (the seller for buyers, the buyer for sellers). */
  counterpart: string;
  /** The counterpart's "id@version", what the counterpart filter matches. */
  counterpart_key: string;
  engine_version: string;
  tells: boolean;
  seed: number;
  score: number;
  decisions: number;
  parse_errors: number;
  episode_id: string;
  /** Anything else the number depends on (products, episodes per career, role versions). */
  pinned: unknown;
  replayable: boolean;
}

export interface MeasuredRun {
  run_id: string;
  git_commit: string;
  created_at: string;
  units: readonly MeasuredUnit[];
}

export interface RankFilter {
  task?: string;
  counterpart?: string;
  engine?: string;
  contestant?: string;
}

export interface ExampleEpisode {
  task: string;
  seed: number;
  episode_id: string;
  score: number;
  /** "lowest", "median" or "highest" score of the row's seeds. */
  why: "lowest" | "median" | "highest";
  /** Whether the replay page can rebuild it (the caller's rule). */
  replayable: boolean;
}

export interface RankedRow {
  rank: number;
  contestant: string;
  contestant_hash: string | null;
  /** A task id, or "all" for the overall table. */
  task: string;
  task_versions: Record<string, string>;
  /** Counterparts the row played, task → "id@version#hash" (several comma-joined, sorted). */
  counterparts: Record<string, string>;
  engine_version: string;
  tells: boolean;
  seeds: number;
  mean_score: number;
  score_ci95: [number, number];
  /** Mean score ÷ the oracle's on the same tasks, seeds and counterparts; null when none ran. */
  fraction_of_oracle: number | null;
  parse_error_rate: number;
  run_id: string;
  git_commit: string;
  created_at: string;
  examples: ExampleEpisode[];
}

export interface RankOptions {
  /** The bootstrap's label: a row's CI is a pure function of its scores and this label. */
  ciLabel(contestant: string, task: string): string;
  /** Contestants whose rows are the ceiling others are a fraction of (buyers: the oracle). */
  oracle?: RegExp;
}

type Unranked = Omit<RankedRow, "rank" | "fraction_of_oracle">;
interface Group {
  run: MeasuredRun;
  units: MeasuredUnit[];
}

/** Units with every provenance fact equal are the same measurement: the newest run stands. */
const provenanceKey = (u: MeasuredUnit): string =>
  JSON.stringify([
    u.contestant,
    u.contestant_hash,
    u.task_id,
    u.task_version,
    u.counterpart,
    u.engine_version,
    u.tells,
    u.pinned,
  ]);

export const sortedSet = (xs: Iterable<string>): string[] => [...new Set(xs)].sort();

function examples(units: readonly MeasuredUnit[]): ExampleEpisode[] {
  const byScore = [...units].sort((a, b) => a.score - b.score || a.seed - b.seed);
  const picks: Array<[ExampleEpisode["why"], MeasuredUnit | undefined]> = [
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
      episode_id: u.episode_id,
      score: u.score,
      why,
      replayable: u.replayable,
    });
  }
  return out;
}

function rowOf(task: string, g: Group, o: RankOptions): Unranked {
  const u0 = g.units[0] as MeasuredUnit;
  const scores = g.units.map((u) => u.score);
  const decisions = g.units.reduce((k, u) => k + u.decisions, 0);
  const parseErrors = g.units.reduce((k, u) => k + u.parse_errors, 0);
  const task_versions: Record<string, string> = {};
  const played = new Map<string, Set<string>>();
  for (const u of g.units) {
    task_versions[u.task_id] = u.task_version;
    played.set(u.task_id, (played.get(u.task_id) ?? new Set()).add(u.counterpart));
  }
  // One counterpart per task on a per-task row (and on a buyer's overall row); a seller agent's
  // overall row pools the buyers it met on a task, listed sorted and comma-joined.
  const counterparts = Object.fromEntries([...played].map(([t, c]) => [t, [...c].sort().join(",")]));
  const ci = bootstrapCi(scores, { seed: deriveSeed(BOOTSTRAP_SEED, o.ciLabel(u0.contestant, task)) });
  return {
    contestant: u0.contestant,
    contestant_hash: u0.contestant_hash,
    task,
    task_versions,
    counterparts,
    engine_version: u0.engine_version,
    tells: u0.tells,
    seeds: new Set(g.units.map((u) => u.seed)).size,
    mean_score: round4(mean(scores)),
    score_ci95: [round4(ci[0]), round4(ci[1])],
    parse_error_rate: decisions === 0 ? 0 : round4(parseErrors / decisions),
    run_id: g.run.run_id,
    git_commit: g.run.git_commit,
    created_at: g.run.created_at,
    examples: examples(g.units),
  };
}

/** What must match for an oracle row to be this row's ceiling: everything but the contestant. */
const oracleKey = (r: Unranked, seeds: readonly number[]): string =>
  JSON.stringify([r.task, r.task_versions, r.counterparts, r.engine_version, r.tells, seeds]);

function ranked(rows: Array<{ row: Unranked; seeds: number[] }>, oracleId: RegExp | undefined): RankedRow[] {
  const oracle = new Map<string, number>();
  for (const { row, seeds } of rows)
    if (oracleId?.test(row.contestant)) oracle.set(oracleKey(row, seeds), row.mean_score);
  const withOracle = rows.map(({ row, seeds }) => {
    const o = oracle.get(oracleKey(row, seeds));
    return { ...row, fraction_of_oracle: o === undefined || o <= 0 ? null : round4(row.mean_score / o) };
  });
  withOracle.sort(
    (a, b) =>
      a.task.localeCompare(b.task) ||
      b.mean_score - a.mean_score ||
      b.score_ci95[0] - a.score_ci95[0] ||
      a.contestant.localeCompare(b.contestant) ||
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
 * Contestants ranked on their score, per task and overall. A row is one contestant on one task
 * against one pinned counterpart in one run; when several runs measured exactly the same thing
 * (every provenance fact of MeasuredUnit equal) the newest run's row stands. The overall table
 * pools a contestant's units over the tasks of one run, so overall rows compare only when their
 * task lists agree (each row lists them). Pure: same runs, same tables.
 */
export function rankRuns(
  runs: readonly MeasuredRun[],
  filter: RankFilter,
  o: RankOptions,
): { per_task: RankedRow[]; overall: RankedRow[] } {
  const keep = (u: MeasuredUnit): boolean =>
    (filter.task === undefined || u.task_id === filter.task) &&
    (filter.counterpart === undefined || u.counterpart_key === filter.counterpart) &&
    (filter.engine === undefined || u.engine_version === filter.engine) &&
    (filter.contestant === undefined || u.contestant === filter.contestant);
  const newestFirst = [...runs].sort(
    (a, b) => b.created_at.localeCompare(a.created_at) || b.run_id.localeCompare(a.run_id),
  );
  const perTask = new Map<string, Group>();
  const overall = new Map<string, Group>();
  for (const run of newestFirst) {
    const mine = new Map<string, MeasuredUnit[]>();
    for (const u of run.units) {
      if (!keep(u)) continue;
      const k = provenanceKey(u);
      if (perTask.has(k) && perTask.get(k)?.run !== run) continue;
      mine.set(k, [...(mine.get(k) ?? []), u]);
    }
    for (const [k, units] of mine) perTask.set(k, { run, units });
    const byContestant = new Map<string, MeasuredUnit[]>();
    for (const units of mine.values())
      for (const u of units) byContestant.set(u.contestant, [...(byContestant.get(u.contestant) ?? []), u]);
    for (const [who, units] of byContestant) {
      if (sortedSet(units.map((u) => u.task_id)).length < 2) continue;
      const k = JSON.stringify([who, units.map(provenanceKey).sort()]);
      if (!overall.has(k))
        overall.set(k, {
          run,
          units: units.sort((a, b) => a.task_id.localeCompare(b.task_id) || a.seed - b.seed),
        });
    }
  }
  const seedsOf = (g: Group) =>
    sortedSet(g.units.map((u) => `${u.task_id}#${u.seed}`)).map((s) => Number(s.split("#")[1]));
  const taskRows = [...perTask.values()].map((g) => ({
    row: rowOf(
      (g.units[0] as MeasuredUnit).task_id,
      { ...g, units: [...g.units].sort((a, b) => a.seed - b.seed) },
      o,
    ),
    seeds: seedsOf(g),
  }));
  const overallRows = [...overall.values()].map((g) => ({ row: rowOf("all", g, o), seeds: seedsOf(g) }));
  return { per_task: ranked(taskRows, o.oracle), overall: ranked(overallRows, o.oracle) };
}
