import { type ResolvedBuyer, resolveBuyer } from "../../buyers/registry";
import { BUYER_RELEASES, buyerReleaseKey } from "../../buyers/releases";
import { bootstrapCi } from "../../env/bootstrap";
import { ENGINE_VERSION } from "../../env/engine-version";
import { round4 } from "../../env/money";
import type { BuyerRef } from "../../env/seller-role/buyer-ref";
import type { SellerRecord } from "../../env/seller-role/seller-record";
import { gradeSeller, type SellerGrade } from "../../tasks/seller-role/grade-seller";
import { scriptedSellerAgent } from "../../tasks/seller-role/scripted-seller-agent";
import { openSellerRun, SELLER_ROLE_VERSION, stepSellerRun } from "../../tasks/seller-role/seller-run";

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

async function playOne(task: string, buyer: ResolvedBuyer, seed: number): Promise<SellerRecord> {
  const opened = await openSellerRun(task, { seed, episodeId: `baseline-${seed}`, buyer });
  let r = opened.result;
  for (let i = 0; !r.done && i < 100; i++)
    r = await stepSellerRun(opened.run, scriptedSellerAgent(r.observation));
  const record = r.info.seller_result;
  if (record === undefined) throw new Error(`${task} seed ${seed} did not finish`);
  return record;
}

/**
 * The seller role's reference numbers: the scripted seller agent (tasks/seller-role) against
 * every released code buyer on every seller-role task, over the same seeds. A floor any seller
 * agent worth training should beat; every row names the buyer's id, version and hash.
 */
export async function sellerBaseline(o: {
  tasks: readonly string[];
  buyers: readonly string[];
  seeds: readonly number[];
  gitCommit: string;
}): Promise<SellerBaselineReport> {
  const rows: SellerBaselineRow[] = [];
  for (const task of o.tasks) {
    for (const key of o.buyers) {
      const buyer = resolveBuyer(key);
      const records: SellerRecord[] = [];
      for (const seed of o.seeds) records.push(await playOne(task, buyer, seed));
      const [lo, hi] = bootstrapCi(
        records.map((r) => r.score),
        { seed: 2026 },
      );
      rows.push({
        task,
        buyer: buyer.ref,
        seeds: o.seeds.length,
        ...gradeSeller(records),
        score_ci95: [round4(lo), round4(hi)],
      });
    }
  }
  return {
    engine_version: ENGINE_VERSION,
    seller_role_version: SELLER_ROLE_VERSION,
    git_commit: o.gitCommit,
    agent: "scripted-seller-agent",
    rows,
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
