import type { Hono } from "hono";
import { errorFields, type Logger } from "../../log/logger";
import { asServiceError } from "../../sessions/service-error";
import type { SessionService } from "../../sessions/session-service";
import {
  type BatchItem,
  type BatchItemError,
  BatchResetRequest,
  BatchStepItem,
  BatchStepRequest,
} from "../../wire/batch";
import type { ResetResponse } from "../../wire/reset";
import type { StepResponse } from "../../wire/step";
import { batchResetItems } from "./batch-reset-items";
import { readJson, validate } from "./request-input";
import { ROUTE_DOCS } from "./route-docs";
import { validationDetail } from "./validation-detail";

/** Turn one failed batch item into its entry; an unexpected failure stays inside its item as a 500. */
function batchError(sessionId: string | undefined, err: unknown, log: Logger): BatchItemError {
  const known = asServiceError(err);
  if (known === null) log.error("batch item failed", errorFields(err));
  const { code, message, details } =
    known ?? ({ code: "INTERNAL_ERROR", message: "Internal error.", details: undefined } as const);
  return {
    session_id: sessionId ?? null,
    status: known?.status ?? 500,
    error: { code, message, ...(details === undefined ? {} : { details }) },
  };
}

/** One batch item: exactly the single call, or the error that item alone hit. */
async function each<T>(
  sessionId: string | undefined,
  call: () => Promise<T>,
  log: Logger,
): Promise<BatchItem<T>> {
  try {
    return await call();
  } catch (err) {
    return batchError(sessionId, err, log);
  }
}

/**
 * POST /batch/reset and /batch/step: a loop over the same single reset/step every other route
 * calls, run concurrently; one bad item never fails the others.
 */
export function registerBatchRoutes(app: Hono, service: SessionService, limit: number, log: Logger): void {
  app.post("/batch/reset", ROUTE_DOCS.batchReset, async (c) => {
    const body = validate(BatchResetRequest, await readJson(c, limit, {}));
    const results: BatchItem<ResetResponse>[] = await Promise.all(
      batchResetItems(body).map((r) => each(r.session_id, () => service.reset(r), log)),
    );
    return c.json({ results });
  });

  app.post("/batch/step", ROUTE_DOCS.batchStep, async (c) => {
    const { steps } = validate(BatchStepRequest, await readJson(c, limit));
    const results: BatchItem<StepResponse>[] = await Promise.all(
      steps.map((item, i) => {
        const parsed = BatchStepItem.safeParse(item);
        if (parsed.success) return each(parsed.data.session_id, () => service.step(parsed.data), log);
        const detail = validationDetail("body", parsed.error, item).map((d) =>
          d.loc[0] === "body" ? { ...d, loc: ["body", "steps", i, ...d.loc.slice(1)] } : d,
        );
        const sid = (item as { session_id?: unknown } | null)?.session_id;
        return {
          session_id: typeof sid === "string" ? sid : null,
          status: 422,
          error: { code: "VALIDATION_ERROR", message: `Invalid step item ${i}.`, details: detail },
        };
      }),
    );
    return c.json({ results });
  });
}
