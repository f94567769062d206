import type { EvalStore } from "./run-eval";
import type { UnitResult } from "./unit-result";

/** An EvalStore held in memory: for tests and for callers that only want the summary. */
export function memoryStore(initial: readonly UnitResult[] = []): EvalStore & { units: UnitResult[] } {
  const units = [...initial];
  return {
    units,
    finished: (runId) => units.filter((u) => u.run_id === runId),
    save: (u) => {
      units.push(u);
    },
  };
}
