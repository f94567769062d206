import { ChatError } from "./chat-error";
import type { ResponseMeta } from "./observing-fetch";
import { redactSecrets } from "./redact";

/** Why the request's signal fired, if it did: the caller's own signal or our deadline. */
export type AbortCause = "caller" | "deadline" | undefined;

export function abortCause(requestSignal: AbortSignal, callerSignal: AbortSignal | undefined): AbortCause {
  if (callerSignal?.aborted) return "caller";
  return requestSignal.aborted ? "deadline" : undefined;
}

export interface FailureContext {
  backend: string;
  abortedBy: AbortCause;
  timeoutMs: number;
  meta: ResponseMeta | undefined;
  secrets: readonly (string | undefined)[];
}

const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "UND_ERR_SOCKET",
  "UND_ERR_CLOSED",
  "UND_ERR_CONNECT_TIMEOUT",
  "UND_ERR_HEADERS_TIMEOUT",
  "UND_ERR_BODY_TIMEOUT",
]);

/** Maps whatever a client library threw onto a ChatError, with secrets scrubbed from the text. */
export function classifyFailure(err: unknown, ctx: FailureContext): ChatError {
  if (err instanceof ChatError) return err;
  const clean = (text: string): string => redactSecrets(text, ctx.secrets);
  if (ctx.abortedBy === "caller") {
    return new ChatError({
      kind: "timeout",
      message: `${ctx.backend}: call aborted by caller`,
      callerAborted: true,
    });
  }
  if (ctx.abortedBy === "deadline") {
    return new ChatError({ kind: "timeout", message: `${ctx.backend}: no reply within ${ctx.timeoutMs} ms` });
  }
  const status = statusOf(err);
  if (status !== undefined) {
    return new ChatError({
      kind: "http",
      status,
      retryAfterMs: ctx.meta?.status === status ? ctx.meta.retryAfterMs : undefined,
      message: clean(`${ctx.backend}: HTTP ${status}: ${messageOf(err)}`),
    });
  }
  if (err instanceof SyntaxError) {
    return new ChatError({ kind: "bad_response", message: clean(`${ctx.backend}: unreadable reply body`) });
  }
  if (isNetworkError(err)) {
    return new ChatError({
      kind: "network",
      message: clean(`${ctx.backend}: connection failed: ${describe(err)}`),
    });
  }
  return new ChatError({ kind: "bad_response", message: clean(`${ctx.backend}: ${messageOf(err)}`) });
}

function statusOf(err: unknown): number | undefined {
  if (typeof err !== "object" || err === null) return undefined;
  const record = err as { httpResponse?: { status?: unknown }; status_code?: unknown };
  const status = record.httpResponse?.status ?? record.status_code;
  return typeof status === "number" && status >= 400 ? status : undefined;
}

function isNetworkError(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  if (codeOf(err) !== undefined || codeOf(err.cause) !== undefined) return true;
  // undici reports refused/reset sockets as TypeError("fetch failed") and cut bodies as "terminated".
  return err instanceof TypeError && /fetch failed|terminated|socket/i.test(err.message);
}

function codeOf(value: unknown): string | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const code = (value as { code?: unknown }).code;
  return typeof code === "string" && NETWORK_CODES.has(code) ? code : undefined;
}

function describe(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const causeCode = codeOf(err.cause) ?? codeOf(err);
  return causeCode ? `${err.message} (${causeCode})` : err.message;
}

function messageOf(err: unknown): string {
  const text = err instanceof Error ? err.message : String(err);
  return text.length > 300 ? `${text.slice(0, 300)}…` : text;
}
