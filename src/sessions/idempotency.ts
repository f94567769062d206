import type { Storage } from "../storage/storage";
import type { WriteBatch } from "../storage/write-batch";
import type { StepResponse } from "../wire/step";

/**
 * Idempotent steps: a step carrying a request_id stores its answer in the same transaction as
 * the step itself, so a retried request (a client that lost the reply) gets the stored answer
 * and changes nothing.
 */
export function recalledStep(store: Storage, sessionId: string, requestId: string | undefined) {
  if (requestId === undefined) return undefined;
  const seen = store.stepResult(sessionId, requestId);
  return seen === undefined ? undefined : (JSON.parse(seen) as StepResponse);
}

export function rememberStep(
  b: WriteBatch,
  sessionId: string,
  requestId: string | undefined,
  res: StepResponse,
): void {
  if (requestId !== undefined) b.saveStepResult(sessionId, requestId, JSON.stringify(res));
}
