/**
 * One error type for every way a model call can fail, so callers (and the resilience
 * wrapper) can branch on `kind` instead of sniffing library-specific error classes.
 */
export type ChatErrorKind =
  | "timeout"
  | "http"
  | "network"
  | "circuit_open"
  | "daily_cap"
  | "concurrency"
  | "bad_response";

export interface ChatErrorInit {
  kind: ChatErrorKind;
  message: string;
  retryable?: boolean;
  status?: number;
  retryAfterMs?: number;
  /** True when the caller's own AbortSignal ended the call (not our deadline). */
  callerAborted?: boolean;
}

export class ChatError extends Error {
  readonly kind: ChatErrorKind;
  readonly retryable: boolean;
  readonly status: number | undefined;
  readonly retryAfterMs: number | undefined;
  readonly callerAborted: boolean;

  constructor(init: ChatErrorInit) {
    super(init.message);
    this.name = "ChatError";
    this.kind = init.kind;
    this.status = init.status;
    this.retryAfterMs = init.retryAfterMs;
    this.callerAborted = init.callerAborted ?? false;
    this.retryable = init.retryable ?? defaultRetryable(init.kind, init.status);
  }
}

/** Only failures a second attempt can plausibly fix: throttling, server faults, broken sockets. */
export function defaultRetryable(kind: ChatErrorKind, status?: number): boolean {
  if (kind === "network") return true;
  if (kind === "http" && status !== undefined) return status === 429 || status >= 500;
  return false;
}

export function isChatError(value: unknown): value is ChatError {
  return value instanceof ChatError;
}
