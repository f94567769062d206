import { z } from "zod";
import { Action } from "../../../env/action";
import { MAX_SEED, ResetRequest } from "../../wire/reset";
import { StepRequest } from "../../wire/step";

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
    session_ids: z.array(z.string().min(1).max(128)).min(1).max(MAX_BATCH).optional(),
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

export const CloseRequest = z.object({ session_id: z.string().min(1).max(128) }).loose();

export const CounterfactualRequest = z
  .object({
    from_round: z.number().int().min(1),
    action: Action,
    continuation: z.enum(["greedy", "repeat"]).optional(),
  })
  .strict();
export type CounterfactualRequest = z.infer<typeof CounterfactualRequest>;
