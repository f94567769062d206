import type { PublicState } from "../../env/public-state";
import type { ErrorCode } from "../wire/errors";
import type { ResetRequest, ResetResponse } from "../wire/reset";
import type { ScoreResponse } from "../wire/score";
import type { StepRequest, StepResponse } from "../wire/step";

/** A failure the transports turn into an HTTP status or an OpenEnv WS error frame. */
export class ServiceError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly status: 400 | 404 | 409 | 413 | 422 | 429 | 503,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = "ServiceError";
  }
}

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
  /** Reserve a session slot without starting an episode (a WS connection does this on connect). */
  openSession(): string;
  reset(req: ResetRequest): Promise<ResetResponse>;
  step(req: StepRequest): Promise<StepResponse>;
  state(sessionId: string): PublicState & { session_id: string };
  score(sessionId: string): ScoreResponse;
  /** Resolves once the session is recorded as closed. */
  close(sessionId: string): Promise<{ session_id: string; closed: true }>;
  capacity(): CapacityStatus;
}
