import type { Observation } from "../../env/observation";
import { observe } from "../../env/observe";
import { openRun } from "../../tasks/open-run";

/** A real opening observation of a task, optionally with fields overridden, for buyer tests. */
export function openingObservation(
  taskId = "single_deal",
  overrides: Partial<Observation> = {},
): Observation {
  const run = openRun(taskId, { seed: 7, episodeId: "buyer-test" });
  return { ...observe(run.episode), ...overrides };
}
