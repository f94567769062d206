import { LeaseLostError } from "../storage/ownership";
import {
  isStorageUnavailable,
  STORAGE_RETRY_AFTER_S,
  STORAGE_UNAVAILABLE_MESSAGE,
} from "../storage/pg/pg-errors";
import { isStorageFull, STORAGE_FULL_MESSAGE } from "../storage/storage-full";
import { ERROR_ROUTES, type ErrorCode, type ErrorRoute } from "../wire/errors";

/**
 * A transport-neutral failure of the session service. Its code picks the HTTP status, WS code
 * and JSON-RPC code from the wire's error taxonomy (ERROR_ROUTES); `status` overrides the HTTP
 * column only where the same code means a conflict rather than bad input (a session with no
 * episode yet, an episode this build cannot reproduce).
 */
export class ServiceError extends Error {
  readonly status: ErrorRoute["http"];

  constructor(
    readonly code: ErrorCode,
    message: string,
    status?: ErrorRoute["http"],
    readonly details?: unknown,
    /** With a 503: seconds the client should wait before retrying (the transport's default when absent). */
    readonly retryAfterS?: number,
  ) {
    super(message);
    this.name = "ServiceError";
    this.status = status ?? ERROR_ROUTES[code].http;
  }

  get route(): ErrorRoute {
    return { ...ERROR_ROUTES[this.code], http: this.status };
  }
}

/** A failover in progress: the session's owner is alive elsewhere, or just took it over (#15). */
export const sessionElsewhere = (): ServiceError =>
  new ServiceError(
    "SESSION_ELSEWHERE",
    "Another replica holds this session right now (a failover or a misrouted request); nothing was applied. Retry shortly.",
    undefined,
    undefined,
    1,
  );

/**
 * The one "what did this failure mean" rule every transport uses: a ServiceError is itself; a
 * full disk is STORAGE_FULL (the write was rolled back whole, so the client may retry later,
 * issue 10); an unreachable Postgres is STORAGE_UNAVAILABLE and a lease lost to another replica
 * SESSION_ELSEWHERE (nothing stored; retry, issue 15); anything else is unexpected and null, for
 * the transport to log as internal.
 */
export function asServiceError(err: unknown): ServiceError | null {
  if (err instanceof ServiceError) return err;
  if (isStorageFull(err)) return new ServiceError("STORAGE_FULL", STORAGE_FULL_MESSAGE);
  if (isStorageUnavailable(err)) {
    return new ServiceError(
      "STORAGE_UNAVAILABLE",
      STORAGE_UNAVAILABLE_MESSAGE,
      undefined,
      undefined,
      STORAGE_RETRY_AFTER_S,
    );
  }
  if (err instanceof LeaseLostError) return sessionElsewhere();
  return null;
}
