import { BOOTSTRAP_RESAMPLES, bootstrapCi, CI_LEVEL, mean, pairedBootstrapCi } from "../../env/bootstrap";
import { round4 } from "../../env/money";
import { deriveSeed } from "../../env/prng";
import type { UnitResult } from "../harness/unit-result";
import { type AdvantageRates, advantageRates, shares, WIN_THRESHOLD } from "./advantage";
import type { OracleReference } from "./oracle-fraction";

/**
 * The summary of an eval run. It holds only facts that a re-run with the same code, plan
 * and scripted buyers reproduces exactly: no timestamps, durations or run ids (those go in
 * the run's meta file), so scripted runs give a byte-identical summary.json.
 */
/**
 * /2: the scaling ladder compares the task score (what a task grades), with the surplus
 * difference beside it; /1 compared mean normalised surplus, which flipped sign against the
 * score on 25 of 369 rows. Rows are unchanged. Later additions are optional fields, present only
 * when asked for (`fraction_of_oracle`, `oracle`), so a /2 reader still reads every summary and a
 * run without them keeps its bytes.
 */
export const SUMMARY_SCHEMA = "bazaar-eval-summary/2";
export const BOOTSTRAP_SEED = 42;

export interface SummaryPlan {
  buyers: string[];
  tasks: string[];
  seeds: number[];
  /** "id@version" override, or null when every task used its pinned seller. */
  seller: string | null;
  tells: boolean;
  max_episodes: number | null;
  /** The product source of listing-based tasks: "builtin-catalog@1" or "<file>#<content hash>". */
  listings: string;
}

export interface BuyerTaskRow {
  buyer: string;
  task: string;
  /** Runs (seeds) and episodes (records; careers have several per run). */
  runs: number;
  episodes: number;
  mean_normalized_surplus: number;
  surplus_ci95: [number, number];
  mean_task_score: number;
  task_score_ci95: [number, number];
  success_rate: number;
  deal_rate: number;
  walk_rate: number;
  buyer_walk_rate: number;
  expired_rate: number;
  mean_rounds: number;
  mean_rounds_on_deal: number | null;
  advantage: AdvantageRates & { buyer_share_ci95: [number, number] };
  /** Deals whose unclamped normalized surplus exceeded 1 (below-cost deals, D12). */
  raw_surplus_above_one: number;
  parse_error_rate: number;
  /** Null when no unit could see the guard (an eval over HTTP). */
  guard_interventions_per_episode: number | null;
  tokens_per_episode: number | null;
  latency_ms_per_episode: number | null;
  /** Mean task score ÷ the oracle's on the same task, seller and seeds; only when the run measured it (`withOracle`). */
  fraction_of_oracle?: number;
}

export interface LadderRow {
  buyer: string;
  baseline: string;
  /** A task id, or "all" for every (task, seed) pair pooled. */
  task: string;
  pairs: number;
  /** Task score difference (this buyer − baseline), paired by (task, seed). */
  mean_diff: number;
  diff_ci95: [number, number];
  /** Mean normalised surplus difference on the same pairs, shown beside the score. */
  surplus_diff: number;
  surplus_diff_ci95: [number, number];
}

export interface EvalSummary {
  schema: string;
  plan: SummaryPlan;
  versions: {
    engine: string[];
    git_commit: string[];
    tasks: Record<string, string>;
    sellers: Record<string, string>;
    buyers: Record<string, string | null>;
  };
  constants: { bootstrap_resamples: number; ci_level: number; bootstrap_seed: number; win_threshold: number };
  rows: BuyerTaskRow[];
  ladder: LadderRow[];
  /** The oracle's score per task, when the run measured it (`bazaar eval --oracle`). */
  oracle?: OracleReference[];
}

const r4 = (x: number): number => round4(x);
const ci4 = (c: [number, number]): [number, number] => [r4(c[0]), r4(c[1])];
const rate = (k: number, n: number): number => (n === 0 ? 0 : r4(k / n));

/** Per-run surplus: mean clamped normalized surplus over the run's episodes (non-deals count 0). */
export const unitSurplus = (u: UnitResult): number => mean(u.records.map((r) => r.normalized_surplus));

function row(buyer: string, task: string, units: readonly UnitResult[]): BuyerTaskRow {
  const records = units.flatMap((u) => u.records);
  const walkers = units.flatMap((u) => u.walked_by);
  const n = records.length;
  const deals = records.filter((r) => r.outcome === "deal");
  const seed = deriveSeed(BOOTSTRAP_SEED, `${buyer}|${task}`);
  const perUnit = units.map(unitSurplus);
  const scores = units.map((u) => u.score);
  const buyerShares = deals.map((r) => shares(r)?.buyer).filter((x): x is number => x !== undefined);
  const decisions = units.reduce((k, u) => k + u.decisions, 0);
  const model = units.some((u) => u.tokens !== null || u.latency_ms !== null);
  const tokenTotal = units.reduce((k, u) => k + (u.tokens ? u.tokens.prompt + u.tokens.completion : 0), 0);
  const latencyTotal = units.reduce((k, u) => k + (u.latency_ms ?? 0), 0);
  return {
    buyer,
    task,
    runs: units.length,
    episodes: n,
    mean_normalized_surplus: r4(mean(perUnit)),
    surplus_ci95: ci4(bootstrapCi(perUnit, { seed })),
    mean_task_score: r4(mean(scores)),
    task_score_ci95: ci4(bootstrapCi(scores, { seed: seed + 1 })),
    success_rate: rate(units.filter((u) => u.success).length, units.length),
    deal_rate: rate(deals.length, n),
    walk_rate: rate(records.filter((r) => r.outcome === "walk").length, n),
    buyer_walk_rate: rate(walkers.filter((w) => w === "buyer").length, n),
    expired_rate: rate(records.filter((r) => r.outcome === "expired").length, n),
    mean_rounds: r4(mean(records.map((r) => r.rounds_taken))),
    mean_rounds_on_deal: deals.length === 0 ? null : r4(mean(deals.map((r) => r.rounds_taken))),
    advantage: {
      ...advantageRates(records),
      buyer_share_ci95: ci4(bootstrapCi(buyerShares, { seed: seed + 2 })),
    },
    raw_surplus_above_one: deals.filter((r) => r.normalized_surplus_raw > 1).length,
    parse_error_rate: rate(
      units.reduce((k, u) => k + u.parse_errors, 0),
      decisions,
    ),
    guard_interventions_per_episode: guardPerEpisode(units),
    tokens_per_episode: model && n > 0 ? r4(tokenTotal / n) : null,
    latency_ms_per_episode: model && n > 0 ? r4(latencyTotal / n) : null,
  };
}

function ladderRow(
  buyer: string,
  baseline: string,
  task: string,
  mine: readonly UnitResult[],
  base: readonly UnitResult[],
): LadderRow {
  const baseBy = new Map(base.map((u) => [`${u.task_id}|${u.seed}`, u]));
  const pairs: [UnitResult, UnitResult][] = [];
  for (const u of mine) {
    const match = baseBy.get(`${u.task_id}|${u.seed}`);
    if (match !== undefined) pairs.push([match, u]);
  }
  const seed = deriveSeed(BOOTSTRAP_SEED, `ladder|${buyer}|${baseline}|${task}`);
  const diff = (f: (u: UnitResult) => number) =>
    pairedBootstrapCi(
      pairs.map(([x]) => f(x)),
      pairs.map(([, y]) => f(y)),
      { seed },
    );
  const score = diff((u) => u.score);
  const surplus = diff(unitSurplus);
  return {
    buyer,
    baseline,
    task,
    pairs: pairs.length,
    mean_diff: r4(score.meanDiff),
    diff_ci95: ci4(score.ci),
    surplus_diff: r4(surplus.meanDiff),
    surplus_diff_ci95: ci4(surplus.ci),
  };
}

const sortedUnique = (xs: readonly string[]): string[] => [...new Set(xs)].sort();

export function summarize(plan: SummaryPlan, units: readonly UnitResult[]): EvalSummary {
  const of = (buyer: string, task?: string): UnitResult[] =>
    units
      .filter((u) => u.buyer_id === buyer && (task === undefined || u.task_id === task))
      .sort((x, y) =>
        x.task_id === y.task_id
          ? x.seed - y.seed
          : plan.tasks.indexOf(x.task_id) - plan.tasks.indexOf(y.task_id),
      );
  const buyerIds = plan.buyers;
  const rows = buyerIds.flatMap((b) => plan.tasks.map((t) => row(b, t, of(b, t))));
  const baseline = buyerIds[0];
  const ladder: LadderRow[] = [];
  if (baseline !== undefined) {
    for (const b of buyerIds.slice(1)) {
      for (const t of plan.tasks) ladder.push(ladderRow(b, baseline, t, of(b, t), of(baseline, t)));
      if (plan.tasks.length > 1) ladder.push(ladderRow(b, baseline, "all", of(b), of(baseline)));
    }
  }
  const tasks: Record<string, string> = {};
  const sellers: Record<string, string> = {};
  const buyers: Record<string, string | null> = {};
  for (const u of units) {
    tasks[u.task_id] = u.task_version;
    sellers[u.task_id] = `${u.seller_key}#${u.seller.hash}`;
    buyers[u.buyer_id] = u.buyer_prompt_hash;
  }
  const sortKeys = <T>(o: Record<string, T>): Record<string, T> =>
    Object.fromEntries(
      Object.keys(o)
        .sort()
        .map((k) => [k, o[k] as T]),
    );
  return {
    schema: SUMMARY_SCHEMA,
    plan,
    versions: {
      engine: sortedUnique(units.map((u) => u.engine_version)),
      git_commit: sortedUnique(units.map((u) => u.git_commit)),
      tasks: sortKeys(tasks),
      sellers: sortKeys(sellers),
      buyers: sortKeys(buyers),
    },
    constants: {
      bootstrap_resamples: BOOTSTRAP_RESAMPLES,
      ci_level: CI_LEVEL,
      bootstrap_seed: BOOTSTRAP_SEED,
      win_threshold: WIN_THRESHOLD,
    },
    rows,
    ladder,
  };
}

function guardPerEpisode(units: readonly { guard_interventions: number | null }[]): number | null {
  if (units.length === 0) return 0;
  const seen = units.filter((u) => u.guard_interventions !== null);
  if (seen.length === 0) return null;
  return r4(seen.reduce((k, u) => k + (u.guard_interventions ?? 0), 0) / seen.length);
}
