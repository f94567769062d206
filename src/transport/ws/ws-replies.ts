import type { PublicState } from "../../../env/public-state";
import type { ResetResponse } from "../../wire/reset";
import type { StepResponse } from "../../wire/step";

export interface ObservationFrame {
  type: "observation";
  data: Pick<StepResponse, "observation" | "truncated" | "terminated" | "done"> & {
    reward: number | null;
    info: ResetResponse["info"] | StepResponse["info"];
  };
}

/**
 * OpenEnv's `serialize_observation`: `reward` and `done` sit beside the observation, never
 * inside it; `terminated`, `truncated` and `info` are additive keys every client ignores.
 * The session id stays off the wire: the connection is the session.
 */
export function observationFrame(r: ResetResponse | StepResponse): ObservationFrame {
  return {
    type: "observation",
    data: {
      observation: r.observation,
      reward: r.reward,
      done: r.done,
      terminated: r.terminated,
      truncated: r.truncated,
      info: r.info,
    },
  };
}

export function stateFrame(s: PublicState & { session_id?: string }): { type: "state"; data: PublicState } {
  const { session_id: _bound, ...state } = s;
  return { type: "state", data: state };
}
