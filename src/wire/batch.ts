import { z } from "zod";
import { MAX_SEED, ResetRequest, ResetResponse } from "./reset";
import { SessionId } from "./session-id";
import { StepRequest, StepResponse } from "./step";

export const MAX_BATCH = 256;

const Seed = z.number().int().min(0).max(MAX_SEED);

/**
 * POST /batch/reset. `seeds` (or `seed`) follows Gymnasium's vector convention: an int s seeds
 * items s, s+1, …; a list gives one seed (or null for a drawn one) per item and must have exactly
 * `count` entries. `session_ids` resets existing sessions in place instead of opening new ones.
 */
export const BatchResetRequest = ResetRequest.omit({ session_id: true, seed: true })
  .extend({
    count: z.number().int().min(1).max(MAX_BATCH).optional(),
    seeds: z.union([Seed, z.array(Seed.nullable()).min(1).max(MAX_BATCH)]).optional(),
    seed: z.union([Seed, z.array(Seed.nullable()).min(1).max(MAX_BATCH)]).optional(),
    session_ids: z.array(SessionId).min(1).max(MAX_BATCH).optional(),
  })
  .loose();
export type BatchResetRequest = z.infer<typeof BatchResetRequest>;

/** POST /batch/step: items are validated one by one, so one malformed item fails only itself. */
export const BatchStepRequest = z
  .object({
    steps: z.array(z.unknown()).min(1).max(MAX_BATCH),
  })
  .strict();

export const BatchStepItem = StepRequest;

/** The error one batch item alone hit, with the status the same single call would get. */
export const BatchItemError = z.object({
  session_id: z.string().nullable(),
  status: z.number().int(),
  error: z.object({ code: z.string(), message: z.string(), details: z.unknown().optional() }),
});
export type BatchItemError = z.infer<typeof BatchItemError>;

/** One entry of a batch answer: the single-call result, or the error that item alone hit. */
export type BatchItem<T> = T | BatchItemError;

/** POST /batch/step as documented: the items are step requests, each validated on its own. */
export const BatchStepRequestDoc = BatchStepRequest.extend({
  steps: z.array(BatchStepItem).min(1).max(MAX_BATCH),
}).meta({ description: "Each item is validated on its own; a malformed item fails only itself." });

/** POST /batch/reset's answer: one entry per item, in order. */
export const BatchResetResponse = z.object({ results: z.array(z.union([ResetResponse, BatchItemError])) });

/** POST /batch/step's answer: one entry per item, in order, each the exact single-step shape. */
export const BatchStepResponse = z.object({ results: z.array(z.union([StepResponse, BatchItemError])) });
