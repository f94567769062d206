import type { PublicState } from "../../env/public-state";
import type { ResetRequest, ResetResponse } from "../wire/reset";
import type { ScoreResponse } from "../wire/score";
import type { StepRequest, StepResponse } from "../wire/step";

export { ServiceError } from "./service-error";

export interface CapacityStatus {
  active_sessions: number;
  max_sessions: number;
}

/**
 * The one domain surface every transport calls: HTTP routes, the OpenEnv WebSocket, MCP tools,
 * batch endpoints and the eval CLI's --server mode all go through it. Methods validate nothing
 * about wire shapes (the transports do that with zod); they enforce sessions, capacity,
 * per-session ordering and persistence.
 */
export interface SessionService {
  /**
   * Reserve a session slot without starting an episode. A WS connection does this on connect
   * and passes itself as `channel`: such a session answers only calls passing the same channel
   * as `via`, so knowing its id is not enough to drive it from elsewhere.
   */
  openSession(channel?: object): string;
  reset(req: ResetRequest, via?: object): Promise<ResetResponse>;
  step(req: StepRequest, via?: object): Promise<StepResponse>;
  state(sessionId: string, via?: object): PublicState & { session_id: string };
  score(sessionId: string, via?: object): ScoreResponse;
  /** Resolves once the session is recorded as closed. */
  close(sessionId: string, via?: object): Promise<{ session_id: string; closed: true }>;
  capacity(): CapacityStatus;
}
