import { buyerFromSpec } from "../../../buyers/buyer-registry";
import { inProcessSessions } from "../../../eval/harness/in-process-session";
import { memoryStore } from "../../../eval/harness/memory-store";
import { type EvalPlan, runEval, summaryPlan } from "../../../eval/harness/run-eval";
import type { StoredRun } from "../../../eval/leaderboard/leaderboard";

async function run(runId: string, buyers: string[], tasks: string[], seeds: number[], createdAt: string) {
  const plan: EvalPlan = { runId, buyers: buyers.map((b) => buyerFromSpec(b)), tasks, seeds, tells: true };
  const out = await runEval(plan, {
    sessions: inProcessSessions,
    transport: "in-process",
    gitCommit: `commit-${runId}`,
    concurrency: 2,
    store: memoryStore(),
  });
  return {
    run_id: runId,
    git_commit: `commit-${runId}`,
    engine_version: out.units[0]?.engine_version ?? "",
    created_at: createdAt,
    plan: summaryPlan(plan),
    units: out.units,
  } satisfies StoredRun;
}

/**
 * Fixed buyer eval runs (fixed ids, commits and times) whose leaderboard view was recorded in
 * buyer-board.golden.json before the seller board existed: the buyer response must not move.
 * Two runs (one superseding part of the other), two tasks (overall rows) and an oracle row.
 */
export async function buyerBoardRuns(): Promise<StoredRun[]> {
  const old = await run(
    "g-old",
    ["rule:naive", "rule:smart"],
    ["single_deal"],
    [1, 2, 3],
    "2026-01-01T00:00:00Z",
  );
  const neu = await run(
    "g-new",
    ["rule:smart", "rule:naive"],
    ["single_deal", "deceptive_seller"],
    [1, 2, 3, 4],
    "2026-01-02T00:00:00Z",
  );
  const asOracle = neu.units
    .filter((u) => u.buyer_id === "rule:smart")
    .map((u) => ({ ...u, buyer_id: "oracle" }));
  return [old, { ...neu, units: [...neu.units, ...asOracle] }];
}
