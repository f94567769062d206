import type { PublicState } from "../../../env/public-state";
import { type StepReply, stepReply } from "../../wire/reply";
import type { ResetResponse } from "../../wire/reset";
import type { SellerPublicState, SellerResetResponse, SellerStepResponse } from "../../wire/seller-role";
import type { StepResponse } from "../../wire/step";

export interface ObservationFrame {
  type: "observation";
  data: StepReply;
}

/** OpenEnv's observation frame; the session id stays off the wire: the connection is the session. */
export function observationFrame(
  r: ResetResponse | StepResponse | SellerResetResponse | SellerStepResponse,
): ObservationFrame {
  return { type: "observation", data: stepReply(r) };
}

type AnyState = (PublicState | Omit<SellerPublicState, "session_id">) & { session_id?: string };

/** Either role's state, without its session binding. */
export function stateFrame(s: AnyState): { type: "state"; data: Omit<AnyState, "session_id"> } {
  const { session_id: _bound, ...state } = s;
  return { type: "state", data: state };
}
