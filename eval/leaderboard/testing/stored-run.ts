import { buyerFromSpec } from "../../../buyers/buyer-registry";
import { inProcessSessions } from "../../harness/in-process-session";
import { memoryStore } from "../../harness/memory-store";
import { type EvalPlan, runEval, summaryPlan } from "../../harness/run-eval";
import type { StoredRun } from "../leaderboard";

/** A buyer eval played in-process and held as the store would hand it back (commit `commit-<id>`). */
export async function storedRun(
  runId: string,
  buyers: string[],
  tasks: string[],
  seeds: number[],
  createdAt: string,
): Promise<StoredRun> {
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
  };
}
