import type { PublicState } from "../../../env/public-state";
import type { ResetResponse } from "../../wire/reset";
import type { SellerPublicState, SellerResetResponse, SellerStepResponse } from "../../wire/seller-role";
import type { StepResponse } from "../../wire/step";

type AnyReply = ResetResponse | StepResponse | SellerResetResponse | SellerStepResponse;

export interface ObservationFrame {
  type: "observation";
  data: Pick<AnyReply, "observation" | "truncated" | "terminated" | "done"> & {
    reward: number | null;
    info: AnyReply["info"];
  };
}

/**
 * OpenEnv's `serialize_observation`: `reward` and `done` sit beside the observation, never
 * inside it; `terminated`, `truncated` and `info` are additive keys every client ignores.
 * The session id stays off the wire: the connection is the session. Either role's reply.
 */
export function observationFrame(r: AnyReply): ObservationFrame {
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

type AnyState = (PublicState | Omit<SellerPublicState, "session_id">) & { session_id?: string };

export function stateFrame(s: AnyState): { type: "state"; data: Omit<AnyState, "session_id"> } {
  const { session_id: _bound, ...state } = s;
  return { type: "state", data: state };
}
