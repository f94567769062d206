import type { Storage } from "../storage/storage";
import type { WriteBatch } from "../storage/write-batch";
import type { SellerStepResponse } from "../wire/seller-role";
import type { StepResponse } from "../wire/step";
import type { LiveSession } from "./session-table";

/** Past this many request ids a session stops remembering them and asks storage instead (memory bound). */
export const REQUEST_IDS_KEPT = 4096;

/**
 * Idempotent steps: a step carrying a request_id stores its answer in the same transaction as
 * the step itself, so a retried request (a client that lost the reply) gets the stored answer
 * and changes nothing. Storage is asked only when the id may be there: a session that knows all
 * its stored ids (LiveSession.requestIds) answers a new id without a read.
 */
export function recalledStep(store: Storage, s: LiveSession, requestId: string | undefined) {
  if (requestId === undefined) return undefined;
  if (s.requestIds !== null && !s.requestIds.has(requestId)) return undefined;
  const seen = store.stepResult(s.id, requestId);
  return seen === undefined ? undefined : (JSON.parse(seen) as StepResponse);
}

/**
 * Stores the answer in the step's batch. The id is noted before the commit: if the commit fails
 * the session is forgotten anyway (SessionPersistence.persist), and a noted id that was never
 * stored only costs a read.
 */
export function rememberStep(
  b: WriteBatch,
  s: LiveSession,
  requestId: string | undefined,
  res: StepResponse | SellerStepResponse,
): void {
  if (requestId === undefined) return;
  b.saveStepResult(s.id, requestId, JSON.stringify(res));
  if (s.requestIds === null) return;
  if (s.requestIds.size >= REQUEST_IDS_KEPT) s.requestIds = null;
  else s.requestIds.add(requestId);
}
