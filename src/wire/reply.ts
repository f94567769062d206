import type { ResetResponse } from "./reset";
import type { StepResponse } from "./step";

type Answer = ResetResponse | StepResponse;

/**
 * A reset or step answer without its session binding: the Gym-style body every transport
 * shows an agent (OpenEnv's `serialize_observation` plus `terminated`, `truncated`, `info`).
 * `reward` and `done` sit beside the observation, never inside it.
 */
export type StepReply<R extends Answer = Answer> = Pick<
  R,
  "observation" | "reward" | "done" | "terminated" | "truncated" | "info"
>;

/**
 * The one projection of a reset/step response into what a session-bound transport sends (the
 * WS observation frame, an MCP tool's structured result) and what the HTTP client hands its
 * caller: the session id stays off it, since the connection or the tool argument already is
 * the session.
 */
export function stepReply<R extends Answer>(r: R): StepReply<R> {
  return {
    observation: r.observation,
    reward: r.reward,
    done: r.done,
    terminated: r.terminated,
    truncated: r.truncated,
    info: r.info,
  } as StepReply<R>;
}
