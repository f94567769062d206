import type { StepResult } from "../../env/run";
import type { StepResponse } from "../wire/step";

/**
 * What a buyer receives for one move, on every transport. The rules guard's records (which
 * rule fired, the move it replaced) stay server-side: a "counter below reservation" rewrite
 * would name the floor. They are readable in the stored episode once its run is over.
 */
export function stepView(sessionId: string, episodeId: string, r: StepResult): StepResponse {
  const { guard: _serverSide, ...info } = r.info;
  return {
    session_id: sessionId,
    episode_id: episodeId,
    observation: r.observation,
    reward: r.reward,
    done: r.done,
    terminated: r.terminated,
    truncated: r.truncated,
    info,
  };
}
