import { z } from "zod";

export const ErrorCode = z.enum([
  "VALIDATION_ERROR",
  "INVALID_JSON",
  "UNKNOWN_TASK",
  "UNKNOWN_SELLER",
  "UNKNOWN_BUYER",
  "SESSION_NOT_FOUND",
  "EPISODE_NOT_FOUND",
  "EPISODE_DONE",
  "EPISODE_NOT_OVER",
  "EPISODE_ID_TAKEN",
  "PAYLOAD_TOO_LARGE",
  "CAPACITY_REACHED",
  "RATE_LIMITED",
  "NOT_FOUND",
  "METHOD_NOT_ALLOWED",
  "INTERNAL_ERROR",
  // Hostile traffic and access control (docs/access-control.md).
  "UNSUPPORTED_MEDIA_TYPE",
  "NESTING_TOO_DEEP",
  "FORBIDDEN_ORIGIN",
  "UNAUTHORIZED",
  "STORAGE_FULL",
  // The database (Postgres) is unreachable: nothing was stored, retry after Retry-After.
  "STORAGE_UNAVAILABLE",
  // Another live replica holds the session (or took it over): retry after Retry-After.
  "SESSION_ELSEWHERE",
  // HAProxy's own answer when no replica is ready (all starting, draining or down): retry after Retry-After.
  "NO_REPLICA_READY",
  // HAProxy's own answers when a replica failed mid-request (502) or did not answer in time (504).
  "REPLICA_FAILED",
  "REPLICA_TIMEOUT",
  // Another live replica holds the exchange (or is taking it over): retry after Retry-After.
  "EXCHANGE_ELSEWHERE",
  // The exchange (docs/exchange.md): markets/errors.ts codes, plus the shell's own.
  "MARKET_NOT_FOUND",
  "UNKNOWN_AGENT",
  "NOT_ENGAGED",
  "ALREADY_DECIDED",
  "LATE",
  "MARKET_CLOSED",
  "THREAD_CLOSED",
  "OVERSIZE",
  "INVALID",
  "REVISIONS_EXHAUSTED",
  "ALREADY_QUALIFIED",
  "UNKNOWN_SUBMISSION",
  "BAD_LAST_EVENT_ID",
  // An admin-only exchange route called with an ordinary API key.
  "ADMIN_REQUIRED",
]);
export type ErrorCode = z.infer<typeof ErrorCode>;

/**
 * Every error body carries the project's `error` object and FastAPI's `detail`, so both kinds
 * of client can read it (OPENENV §2.4).
 */
export const ErrorBody = z.object({
  error: z.object({ code: ErrorCode, message: z.string(), details: z.unknown().optional() }),
  detail: z.unknown(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

/** The OpenEnv WS error codes (OPENENV §1.4). */
export type WsErrorCode =
  | "INVALID_JSON"
  | "UNKNOWN_TYPE"
  | "VALIDATION_ERROR"
  | "EXECUTION_ERROR"
  | "CAPACITY_REACHED"
  | "FACTORY_ERROR"
  | "SESSION_ERROR";

/** JSON-RPC 2.0's reserved codes, plus the server-defined one OpenEnv uses for capacity. */
export const JSONRPC_PARSE_ERROR = -32700;
export const JSONRPC_INVALID_REQUEST = -32600;
export const JSONRPC_METHOD_NOT_FOUND = -32601;
export const JSONRPC_INVALID_PARAMS = -32602;
export const JSONRPC_INTERNAL_ERROR = -32603;
/** Server-defined range: capacity and session failures (OpenEnv uses −32000 for capacity). */
export const JSONRPC_SERVER_ERROR = -32000;

export interface ErrorRoute {
  /** The HTTP status a failure of this code answers with. */
  http: 400 | 401 | 403 | 404 | 405 | 409 | 413 | 415 | 422 | 429 | 500 | 502 | 503 | 504 | 507;
  /**
   * The OpenEnv WS code when the failure comes from the environment while it handles a frame.
   * OpenEnv wraps every exception of `reset`/`step`/`state` as EXECUTION_ERROR; only a full
   * server is told apart. Frame-level failures (bad JSON, unknown type, a frame or action that
   * fails its model) are classified by the frame parser itself.
   */
  ws: WsErrorCode;
  /** The JSON-RPC error code when the failure ends a JSON-RPC call (MCP). */
  jsonrpc: number;
}

const env = (http: ErrorRoute["http"]): ErrorRoute => ({
  http,
  ws: "EXECUTION_ERROR",
  jsonrpc: JSONRPC_SERVER_ERROR,
});

/**
 * The one error taxonomy: every transport-neutral code and what it becomes on each transport.
 * A failure is raised with its code; HTTP, the WebSocket and MCP each read their column here.
 */
export const ERROR_ROUTES: Readonly<Record<ErrorCode, ErrorRoute>> = {
  VALIDATION_ERROR: { http: 422, ws: "EXECUTION_ERROR", jsonrpc: JSONRPC_INVALID_PARAMS },
  INVALID_JSON: { http: 422, ws: "INVALID_JSON", jsonrpc: JSONRPC_PARSE_ERROR },
  NESTING_TOO_DEEP: { http: 422, ws: "INVALID_JSON", jsonrpc: JSONRPC_PARSE_ERROR },
  UNKNOWN_TASK: env(400),
  UNKNOWN_SELLER: env(400),
  UNKNOWN_BUYER: env(400),
  SESSION_NOT_FOUND: env(404),
  EPISODE_NOT_FOUND: env(404),
  EPISODE_DONE: env(409),
  EPISODE_NOT_OVER: env(409),
  EPISODE_ID_TAKEN: env(409),
  PAYLOAD_TOO_LARGE: env(413),
  CAPACITY_REACHED: { http: 503, ws: "CAPACITY_REACHED", jsonrpc: JSONRPC_SERVER_ERROR },
  RATE_LIMITED: env(429),
  NOT_FOUND: { http: 404, ws: "UNKNOWN_TYPE", jsonrpc: JSONRPC_METHOD_NOT_FOUND },
  METHOD_NOT_ALLOWED: { http: 405, ws: "UNKNOWN_TYPE", jsonrpc: JSONRPC_METHOD_NOT_FOUND },
  INTERNAL_ERROR: { http: 500, ws: "EXECUTION_ERROR", jsonrpc: JSONRPC_INTERNAL_ERROR },
  UNSUPPORTED_MEDIA_TYPE: { http: 415, ws: "INVALID_JSON", jsonrpc: JSONRPC_PARSE_ERROR },
  FORBIDDEN_ORIGIN: { http: 403, ws: "SESSION_ERROR", jsonrpc: JSONRPC_SERVER_ERROR },
  UNAUTHORIZED: { http: 401, ws: "SESSION_ERROR", jsonrpc: JSONRPC_SERVER_ERROR },
  STORAGE_FULL: env(507),
  STORAGE_UNAVAILABLE: env(503),
  SESSION_ELSEWHERE: env(503),
  NO_REPLICA_READY: env(503),
  REPLICA_FAILED: env(502),
  REPLICA_TIMEOUT: env(504),
  EXCHANGE_ELSEWHERE: env(503),
  // The exchange: the same statuses as markets/errors.ts MARKET_ERROR_STATUS (checked by a test).
  MARKET_NOT_FOUND: env(404),
  UNKNOWN_AGENT: env(403),
  NOT_ENGAGED: env(403),
  ALREADY_DECIDED: env(409),
  LATE: env(409),
  MARKET_CLOSED: env(409),
  THREAD_CLOSED: env(409),
  OVERSIZE: env(413),
  INVALID: env(422),
  REVISIONS_EXHAUSTED: env(409),
  ALREADY_QUALIFIED: env(409),
  UNKNOWN_SUBMISSION: env(404),
  BAD_LAST_EVENT_ID: env(400),
  ADMIN_REQUIRED: env(403),
};
