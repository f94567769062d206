import { EngineError } from "../../env/episode-step";
import { UnknownSellerError } from "../../sellers/registry";
import { UnknownTaskError } from "../../tasks/open-run";
import { ServiceError } from "./service-error";

/** Ids are echoed in messages; a long one is cut so an error never grows with the input. */
export const clip = (id: string): string => (id.length > 64 ? `${id.slice(0, 64)}…` : id);

// One answer for unknown, closed, expired and held-elsewhere sessions, so a guessed or leaked id
// learns nothing about which it is.
export const sessionNotFound = (id: string): ServiceError =>
  new ServiceError(
    "SESSION_NOT_FOUND",
    `Session "${clip(id)}" is unknown, closed or expired (a WebSocket session answers only on its own connection). POST /reset without a session_id to start a new one.`,
  );

export const episodeNotFound = (id: string): ServiceError =>
  new ServiceError(
    "EPISODE_NOT_FOUND",
    `No finished episode has id "${clip(id)}". An episode still being played is readable only with its session (header x-session-id).`,
  );

/** A session that exists but has not been reset: a conflict with its state, not a missing thing. */
export const noEpisodeYet = (): ServiceError =>
  new ServiceError("EPISODE_NOT_FOUND", "This session has no episode yet; call reset first.", 409);

/** The domain's own refusals (unknown task or seller, an illegal move) in the service's terms. */
export function domainError(err: unknown): unknown {
  if (err instanceof UnknownTaskError) {
    return new ServiceError("UNKNOWN_TASK", err.message, undefined, { requested: err.requested });
  }
  if (err instanceof UnknownSellerError) {
    return new ServiceError("UNKNOWN_SELLER", err.message, undefined, {
      requested: err.requested,
      available: err.available,
    });
  }
  if (err instanceof EngineError) {
    return err.code === "EPISODE_DONE"
      ? new ServiceError("EPISODE_DONE", err.message)
      : new ServiceError("VALIDATION_ERROR", err.message);
  }
  return err;
}
