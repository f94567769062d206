import { z } from "zod";
import { Observation } from "../../env/observation";
import { DealRecord } from "../../env/records";

export const SellerRefWire = z.object({ id: z.string(), version: z.number().int(), hash: z.string() });

/**
 * Diagnostics only: control flow never depends on info (Gymnasium convention). The rules
 * guard's records are not here: they would tell the buyer where the seller's floor is
 * (src/boundary/step-view.ts); the stored episode shows them once its run is over.
 */
export const StepInfoWire = z.object({
  reward_components: z.record(z.string(), z.number()),
  violations: z.array(z.string()),
  episode: z.number().int(),
  episode_id: z.string(),
  seller: SellerRefWire,
  terminal_observation: Observation.optional(),
  episode_result: DealRecord.optional(),
  episode_done: z.boolean().optional(),
});
