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
  ) {
    super(message);
    this.name = "ServiceError";
    this.status = status ?? ERROR_ROUTES[code].http;
  }

  get route(): ErrorRoute {
    return { ...ERROR_ROUTES[this.code], http: this.status };
  }
}

/**
 * The one "what did this failure mean" rule every transport uses: a ServiceError is itself; a
 * full disk is STORAGE_FULL (the write was rolled back whole, so the client may retry later,
 * issue 10); anything else is unexpected and null, for the transport to log as internal.
 */
export function asServiceError(err: unknown): ServiceError | null {
  if (err instanceof ServiceError) return err;
  if (isStorageFull(err)) return new ServiceError("STORAGE_FULL", STORAGE_FULL_MESSAGE);
  return null;
}
