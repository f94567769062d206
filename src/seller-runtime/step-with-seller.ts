import type { Action } from "../../env/action";
import { type RunState, type StepResult, stepRun } from "../../env/run";
import { proposeInputFor } from "../../sellers/llm/propose-input";
import type { ResolvedSeller } from "./resolve-seller-spec";

/**
 * One buyer move against a resolved seller: an LLM seller proposes first (its own failures
 * already fall back inside propose), then the engine steps with that proposal through the
 * rules guard. Rule sellers step directly.
 */
export async function stepWithSeller(
  run: RunState,
  action: Action,
  seller: ResolvedSeller,
  signal?: AbortSignal,
): Promise<StepResult> {
  const input = seller.propose ? proposeInputFor(run, action) : null;
  const external = input && seller.propose ? await seller.propose(input, signal) : undefined;
  return stepRun(run, action, external);
}
