import { BUYER_RELEASES, buyerReleaseKey } from "../../buyers/releases";
import { ENGINE_VERSION } from "../../env/engine-version";
import type { BuyerRef } from "../../env/seller-role/buyer-ref";
import type { SellerGrade } from "../../tasks/seller-role/grade-seller";
import { SELLER_ROLE_VERSION } from "../../tasks/seller-role/seller-run";
import { scriptedSeller } from "./seller-agent";
import { runSellerEval } from "./seller-eval";
import { inProcessSellerSessions } from "./seller-eval-env";
import { summarizeSellerEval } from "./seller-eval-summary";

/** One row: the scripted seller agent against one pinned buyer on one seller-role task. */
export interface SellerBaselineRow extends SellerGrade {
  task: string;
  buyer: BuyerRef;
  seeds: number;
  score_ci95: [number, number];
}

export interface SellerBaselineReport {
  engine_version: string;
  seller_role_version: string;
  git_commit: string;
  agent: "scripted-seller-agent";
  rows: SellerBaselineRow[];
}

export const CODE_BUYER_KEYS: readonly string[] = BUYER_RELEASES.filter((r) => r.kind !== "llm").map(
  buyerReleaseKey,
);

/**
 * The seller role's reference numbers: the scripted seller agent (tasks/seller-role) against
 * every released code buyer on every seller-role task, over the same seeds — `bazaar eval --role
 * seller --agent scripted` with every buyer, in-process. A floor any seller agent worth training
 * should beat; every row names the buyer's id, version and hash. A career row scores whole runs.
 */
export async function sellerBaseline(o: {
  tasks: readonly string[];
  buyers: readonly string[];
  seeds: readonly number[];
  gitCommit: string;
}): Promise<SellerBaselineReport> {
  const units = await runSellerEval(
    {
      runId: "baseline",
      agents: [scriptedSeller],
      tasks: o.tasks,
      buyers: o.buyers,
      seeds: o.seeds,
      tells: true,
    },
    { sessions: inProcessSellerSessions(), transport: "in-process", concurrency: 1 },
  );
  const summary = summarizeSellerEval({
    runId: "baseline",
    transport: "in-process",
    agents: [scriptedSeller],
    tasks: o.tasks,
    seeds: o.seeds,
    tells: true,
    gitCommit: o.gitCommit,
    units,
  });
  return {
    engine_version: ENGINE_VERSION,
    seller_role_version: SELLER_ROLE_VERSION,
    git_commit: o.gitCommit,
    agent: "scripted-seller-agent",
    rows: summary.rows.map((r) => ({
      task: r.task,
      buyer: r.buyer,
      seeds: r.seeds,
      score: r.score,
      deal_rate: r.deal_rate,
      below_reservation_rate: r.below_reservation_rate,
      mean_profit_share: r.mean_profit_share,
      mean_bonus: r.mean_bonus,
      score_ci95: r.score_ci95,
    })),
  };
}

export function sellerBaselineMarkdown(r: SellerBaselineReport): string {
  const head =
    "| task | buyer | seeds | score (95 % CI) | deal rate | below floor | profit share (deals) | bonus |\n|---|---|---|---|---|---|---|---|";
  const lines = r.rows.map(
    (x) =>
      `| ${x.task} | ${x.buyer.id}@${x.buyer.version} (${x.buyer.hash}) | ${x.seeds} | ${x.score.toFixed(3)} [${x.score_ci95[0].toFixed(3)}, ${x.score_ci95[1].toFixed(3)}] | ${x.deal_rate.toFixed(2)} | ${x.below_reservation_rate.toFixed(2)} | ${x.mean_profit_share === null ? "–" : x.mean_profit_share.toFixed(3)} | ${x.mean_bonus.toFixed(2)} |`,
  );
  return [head, ...lines].join("\n");
}
