import { inProcessSessions } from "../harness/in-process-session";
import { memoryStore } from "../harness/memory-store";
import { runEval } from "../harness/run-eval";
import type { UnitResult } from "../harness/unit-result";
import { taskOracle } from "./game-buyers";

export interface OraclePlan {
  tasks: readonly string[];
  seeds: readonly number[];
  tells: boolean;
  maxEpisodes?: number;
}

/**
 * Each task's oracle played on the run's seeds against the task's pinned seller, in-process (it
 * reads the hidden state, so never over a server): the ceiling `withOracle` divides by.
 */
export async function playOracle(
  plan: OraclePlan,
  deps: { gitCommit: string; concurrency: number },
): Promise<UnitResult[]> {
  const units: UnitResult[] = [];
  for (const task of plan.tasks) {
    const out = await runEval(
      {
        runId: `oracle-${task}`,
        buyers: [taskOracle(task)],
        tasks: [task],
        seeds: plan.seeds,
        tells: plan.tells,
        ...(plan.maxEpisodes !== undefined ? { maxEpisodes: plan.maxEpisodes } : {}),
      },
      {
        sessions: inProcessSessions,
        transport: "in-process",
        gitCommit: deps.gitCommit,
        concurrency: deps.concurrency,
        store: memoryStore(),
      },
    );
    units.push(...out.units);
  }
  return units;
}
