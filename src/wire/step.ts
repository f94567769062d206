import { z } from "zod";
import { Action } from "../../env/action";
import { Observation } from "../../env/observation";
import { SessionId } from "./session-id";
import { StepInfoWire } from "./step-info";

/** What a step carries in either role beside its session and action. */
export const STEP_FIELDS = {
  /** Bounds the opponent's latency (an LLM seller, or an LLM buyer in the seller role); the server default applies otherwise. */
  timeout_s: z.number().positive().max(120).optional(),
  /** Makes the step idempotent: a repeated id returns the stored result and changes nothing. */
  request_id: z.string().min(1).max(255).optional(),
};

export const StepRequest = z.object({ session_id: SessionId, action: Action, ...STEP_FIELDS }).loose();
export type StepRequest = z.infer<typeof StepRequest>;

export const StepResponse = z.object({
  session_id: z.string(),
  episode_id: z.string(),
  observation: Observation,
  reward: z.number(),
  done: z.boolean(),
  terminated: z.boolean(),
  truncated: z.boolean(),
  info: StepInfoWire,
});
export type StepResponse = z.infer<typeof StepResponse>;
