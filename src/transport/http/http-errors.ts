import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { asServiceError, type ServiceError } from "../../sessions/service-error";
import { ERROR_ROUTES, type ErrorBody, type ErrorCode } from "../../wire/errors";
import type { DetailEntry } from "./validation-detail";

/** Thrown by route helpers for bad requests; the app's error handler renders it. */
export class HttpError extends Error {
  /** From the error taxonomy (ERROR_ROUTES), unless a service error overrides it. */
  readonly status: ContentfulStatusCode;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly detail: DetailEntry[] | string,
    readonly details?: unknown,
    readonly headers: Record<string, string> = {},
    status: ContentfulStatusCode = ERROR_ROUTES[code].http,
  ) {
    super(message);
    this.name = "HttpError";
    this.status = status;
  }
}

/** Seconds a client should wait at capacity: enough for a slot to free up, short enough to retry soon. */
export const RETRY_AFTER_S = 5;

export function fromServiceError(e: ServiceError): HttpError {
  const headers: Record<string, string> =
    e.status === 503 ? { "Retry-After": String(e.retryAfterS ?? RETRY_AFTER_S) } : {};
  const detail = Array.isArray(e.details) ? (e.details as DetailEntry[]) : e.message;
  return new HttpError(e.code, e.message, detail, e.details, headers, e.status);
}

export function errorBody(e: HttpError): ErrorBody {
  return {
    detail: e.detail,
    error: { code: e.code, message: e.message, ...(e.details === undefined ? {} : { details: e.details }) },
  };
}

export function renderError(c: Context, e: HttpError): Response {
  for (const [k, v] of Object.entries(e.headers)) c.header(k, v);
  return c.json(errorBody(e), e.status);
}

export function asHttpError(err: unknown): HttpError | null {
  if (err instanceof HttpError) return err;
  const known = asServiceError(err);
  return known === null ? null : fromServiceError(known);
}

export const internalError = (): HttpError =>
  new HttpError("INTERNAL_ERROR", "Internal error; the server logged the details.", "Internal Server Error");
