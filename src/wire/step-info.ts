import { z } from "zod";
import { Observation } from "../../env/observation";
import { DealRecord } from "../../env/records";
import { GuardIntervention } from "../../env/rules-guard";

export const SellerRefWire = z.object({ id: z.string(), version: z.number().int(), hash: z.string() });

/** Diagnostics only: control flow never depends on info (Gymnasium convention). */
export const StepInfoWire = z.object({
  reward_components: z.record(z.string(), z.number()),
  violations: z.array(z.string()),
  guard: z.array(GuardIntervention),
  episode: z.number().int(),
  episode_id: z.string(),
  seller: SellerRefWire,
  terminal_observation: Observation.optional(),
  episode_result: DealRecord.optional(),
  episode_done: z.boolean().optional(),
});
