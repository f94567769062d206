import type { PublicState } from "../../../env/public-state";
import { type StepReply, stepReply } from "../../wire/reply";
import type { ResetResponse } from "../../wire/reset";
import type { StepResponse } from "../../wire/step";

export interface ObservationFrame {
  type: "observation";
  data: StepReply;
}

/** OpenEnv's observation frame; the session id stays off the wire: the connection is the session. */
export function observationFrame(r: ResetResponse | StepResponse): ObservationFrame {
  return { type: "observation", data: stepReply(r) };
}

export function stateFrame(s: PublicState & { session_id?: string }): { type: "state"; data: PublicState } {
  const { session_id: _bound, ...state } = s;
  return { type: "state", data: state };
}
