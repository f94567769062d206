import type { BuyerPolicy } from "../../buyers/buyer-policy";
import { BUILTIN_CATALOG_VERSION } from "../../tasks/listings/builtin-catalog";
import { type EvalSummary, type SummaryPlan, summarize } from "../metrics/eval-summary";
import type { EvalSessionFactory } from "./eval-env";
import { playUnit } from "./play-unit";
import { type UnitResult, unitKey } from "./unit-result";

export interface EvalPlan {
  runId: string;
  /** Built buyers, in the order the ladder compares them (the first is the baseline). */
  buyers: readonly BuyerPolicy[];
  tasks: readonly string[];
  seeds: readonly number[];
  seller?: string;
  tells: boolean;
  maxEpisodes?: number;
  /** Product source descriptor (see SummaryPlan.listings); the built-in catalog when omitted. */
  listings?: string;
}

export interface EvalProgress {
  done: number;
  total: number;
  skipped: number;
  unit: UnitResult | null;
}

export interface EvalStore {
  /** Units of this run already finished (a resumed run skips them). */
  finished(runId: string): UnitResult[];
  save(unit: UnitResult): void;
}

export interface EvalDeps {
  sessions: EvalSessionFactory;
  transport: UnitResult["transport"];
  gitCommit: string;
  /** Units played at once (model calls in flight); 1 plays strictly in order. */
  concurrency: number;
  store: EvalStore;
  onProgress?(p: EvalProgress): void;
}

export interface EvalOutcome {
  units: UnitResult[];
  summary: EvalSummary;
  played: number;
  skipped: number;
}

export const summaryPlan = (plan: EvalPlan): SummaryPlan => ({
  buyers: plan.buyers.map((b) => b.id),
  tasks: [...plan.tasks],
  seeds: [...plan.seeds],
  seller: plan.seller ?? null,
  tells: plan.tells,
  max_episodes: plan.maxEpisodes ?? null,
  listings: plan.listings ?? `builtin-catalog@${BUILTIN_CATALOG_VERSION}`,
});

/** Play every (buyer × task × seed) unit not yet in the store, then summarise all of them. */
export async function runEval(plan: EvalPlan, deps: EvalDeps): Promise<EvalOutcome> {
  const have = new Map(deps.store.finished(plan.runId).map((u) => [unitKey(u), u]));
  const pending: Array<{ buyer: BuyerPolicy; task: string; seed: number }> = [];
  for (const buyer of plan.buyers)
    for (const task of plan.tasks)
      for (const seed of plan.seeds)
        if (!have.has(unitKey({ buyer_id: buyer.id, task_id: task, seed })))
          pending.push({ buyer, task, seed });
  const total = plan.buyers.length * plan.tasks.length * plan.seeds.length;
  const skipped = total - pending.length;
  let done = skipped;
  deps.onProgress?.({ done, total, skipped, unit: null });
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < pending.length) {
      const job = pending[next++] as (typeof pending)[number];
      const unit = await playUnit(deps.sessions(), job.buyer, {
        runId: plan.runId,
        taskId: job.task,
        seed: job.seed,
        tells: plan.tells,
        gitCommit: deps.gitCommit,
        transport: deps.transport,
        ...(plan.seller !== undefined ? { seller: plan.seller } : {}),
        ...(plan.maxEpisodes !== undefined ? { maxEpisodes: plan.maxEpisodes } : {}),
      });
      deps.store.save(unit);
      have.set(unitKey(unit), unit);
      done += 1;
      deps.onProgress?.({ done, total, skipped, unit });
    }
  };
  const width = Math.max(1, Math.min(deps.concurrency, pending.length));
  await Promise.all(Array.from({ length: width }, worker));
  const wanted = new Set(
    plan.buyers.flatMap((b) =>
      plan.tasks.flatMap((t) => plan.seeds.map((s) => unitKey({ buyer_id: b.id, task_id: t, seed: s }))),
    ),
  );
  const units = [...have.values()].filter((u) => wanted.has(unitKey(u)));
  return { units, summary: summarize(summaryPlan(plan), units), played: pending.length, skipped };
}
