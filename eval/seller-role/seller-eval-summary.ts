import { BOOTSTRAP_RESAMPLES, bootstrapCi } from "../../env/bootstrap";
import { round4 } from "../../env/money";
import type { SellerRef } from "../../env/seller-policy";
import type { BuyerRef } from "../../env/seller-role/buyer-ref";
import { gradeSeller, type SellerGrade } from "../../tasks/seller-role/grade-seller";
import type { SellerAgent } from "./seller-agent";
import type { SellerUnitResult } from "./seller-eval";

/** Above this share of unusable replies a row is flagged: its score is mostly the fallback's. */
export const PARSE_FLAG_RATE = 0.2;
/** The bootstrap's seed: a CI is a pure function of the scores (as on the buyer side). */
export const SELLER_CI_SEED = 2026;

export interface SellerAgentProvenance {
  id: string;
  version: number;
  hash: string;
  prompt_hash: string | null;
}

/** One row: one seller agent against one buyer release on one seller-role task. */
export interface SellerEvalRow extends SellerGrade {
  agent: string;
  task: string;
  buyer: BuyerRef;
  /** The persona releases whose numbers the agent held (one per task version). */
  persona_sellers: SellerRef[];
  seeds: number;
  score_ci95: [number, number];
  mean_return: number;
  decisions: number;
  /** Unusable replies or failed calls per decision (the fallback played each time). */
  parse_error_rate: number;
  /** Failed model calls (timeouts, HTTP errors) per decision. */
  model_error_rate: number;
  /** Episodes in which the buyer's own fallback played at least once (an LLM buyer failed). */
  buyer_fallback_episodes: number;
  flags: string[];
}

export interface SellerEvalSummary {
  role: "seller";
  run_id: string;
  transport: "in-process" | "http";
  agents: SellerAgentProvenance[];
  tasks: string[];
  seeds: number[];
  tells: boolean;
  engine_versions: string[];
  seller_role_versions: string[];
  git_commit: string;
  ci: { method: "percentile bootstrap of the mean"; level: 0.95; resamples: number; seed: number };
  rows: SellerEvalRow[];
}

const uniq = <T>(xs: readonly T[], key: (x: T) => string): T[] => [
  ...new Map(xs.map((x) => [key(x), x])).values(),
];

function row(agent: string, units: readonly SellerUnitResult[]): SellerEvalRow {
  const first = units[0] as SellerUnitResult;
  const scores = units.map((u) => u.score);
  const [lo, hi] = bootstrapCi(scores, { seed: SELLER_CI_SEED });
  const decisions = units.reduce((n, u) => n + u.decisions, 0);
  const parse = units.reduce((n, u) => n + u.parse_errors, 0);
  const model = units.reduce((n, u) => n + u.model_errors, 0);
  const parseRate = decisions === 0 ? 0 : round4(parse / decisions);
  const buyerFallbacks = units.filter((u) => u.buyer_fallbacks > 0).length;
  const flags = [
    ...(parseRate > PARSE_FLAG_RATE
      ? [`${Math.round(parseRate * 100)} % of the agent's replies were unusable: the fallback played them`]
      : []),
    ...(buyerFallbacks > 0
      ? [`the buyer's fallback played in ${buyerFallbacks} of ${units.length} episodes`]
      : []),
  ];
  return {
    agent,
    task: first.task,
    buyer: first.buyer,
    persona_sellers: uniq(
      units.map((u) => u.persona_seller),
      (s) => `${s.id}@${s.version}#${s.hash}`,
    ),
    seeds: units.length,
    ...gradeSeller(units.flatMap((u) => u.records)),
    // The mean run score (equal to the per-deal mean when every run finished all its deals).
    score: round4(scores.reduce((a, b) => a + b, 0) / scores.length),
    score_ci95: [round4(lo), round4(hi)],
    mean_return: round4(units.reduce((s, u) => s + u.return, 0) / units.length),
    decisions,
    parse_error_rate: parseRate,
    model_error_rate: decisions === 0 ? 0 : round4(model / decisions),
    buyer_fallback_episodes: buyerFallbacks,
    flags,
  };
}

/**
 * The seller eval's summary: a row per (agent, task, buyer) with the mean score and its seeded
 * bootstrap 95 % CI, the deal and below-reservation rates, parse-error flags, and the provenance
 * of everything the numbers depend on. Only reproducible content: no timestamps.
 */
export function summarizeSellerEval(o: {
  runId: string;
  transport: "in-process" | "http";
  agents: readonly SellerAgent[];
  tasks: readonly string[];
  seeds: readonly number[];
  tells: boolean;
  gitCommit: string;
  units: readonly SellerUnitResult[];
}): SellerEvalSummary {
  const groups = new Map<string, SellerUnitResult[]>();
  for (const u of o.units) {
    const key = `${u.agent}|${u.task}|${u.buyer.id}@${u.buyer.version}#${u.buyer.hash}`;
    groups.set(key, [...(groups.get(key) ?? []), u]);
  }
  return {
    role: "seller",
    run_id: o.runId,
    transport: o.transport,
    agents: o.agents.map((a) => ({ id: a.id, version: a.version, hash: a.hash, prompt_hash: a.promptHash })),
    tasks: [...o.tasks],
    seeds: [...o.seeds],
    tells: o.tells,
    engine_versions: [...new Set(o.units.map((u) => u.engine_version))].sort(),
    seller_role_versions: [...new Set(o.units.map((u) => u.seller_role_version))].sort(),
    git_commit: o.gitCommit,
    ci: {
      method: "percentile bootstrap of the mean",
      level: 0.95,
      resamples: BOOTSTRAP_RESAMPLES,
      seed: SELLER_CI_SEED,
    },
    rows: [...groups.values()].map((units) => row((units[0] as SellerUnitResult).agent, units)),
  };
}

export function sellerEvalMarkdown(s: SellerEvalSummary): string {
  const head =
    "| agent | task | buyer | seeds | score (95 % CI) | deal rate | below floor | parse errors | flags |\n|---|---|---|---|---|---|---|---|---|";
  const lines = s.rows.map(
    (r) =>
      `| ${r.agent} | ${r.task} | ${r.buyer.id}@${r.buyer.version} (${r.buyer.hash}) | ${r.seeds} | ${r.score.toFixed(3)} [${r.score_ci95[0].toFixed(3)}, ${r.score_ci95[1].toFixed(3)}] | ${r.deal_rate.toFixed(2)} | ${r.below_reservation_rate.toFixed(2)} | ${(r.parse_error_rate * 100).toFixed(0)} % | ${r.flags.length === 0 ? "" : `⚑ ${r.flags.join("; ")}`} |`,
  );
  return [head, ...lines].join("\n");
}
