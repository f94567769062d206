import { ErrorCode } from "@modelcontextprotocol/sdk/types.js";
import type { z } from "zod";
import { ServiceError } from "../../sessions/session-service";
import { isStorageFull, STORAGE_FULL_MESSAGE } from "../../storage/storage-full";
import { toPydanticErrors } from "../ws/pydantic-errors";

/** JSON-RPC's own codes, as the MCP SDK names them. */
export const RPC = {
  PARSE_ERROR: ErrorCode.ParseError,
  INVALID_REQUEST: ErrorCode.InvalidRequest,
  METHOD_NOT_FOUND: ErrorCode.MethodNotFound,
  INVALID_PARAMS: ErrorCode.InvalidParams,
  INTERNAL_ERROR: ErrorCode.InternalError,
  /** Implementation-defined range: a refusal by the session service (OpenEnv uses it for capacity). */
  SERVER_ERROR: -32000,
} as const;

/**
 * An error the SDK sends as the JSON-RPC `error` object: its Protocol reads `code`, `message`
 * and `data` off whatever a handler throws. Not the SDK's McpError, whose message is prefixed
 * with "MCP error <code>:" (and again by the SDK client when it reads it back).
 */
export class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
    this.name = "RpcError";
  }
}

/** −32602 with the pydantic-style list every other transport gives for the same mistake. */
export const invalidParams = (error: z.ZodError, input: unknown): RpcError =>
  new RpcError(RPC.INVALID_PARAMS, "Invalid params", toPydanticErrors(error, input));

/**
 * Any failure inside a method as the error the caller sees: service refusals keep their code
 * under `data`, a full disk says so, and anything unexpected says only "Internal error" (its
 * message could carry internals).
 */
export function toRpcError(e: unknown): RpcError {
  if (e instanceof RpcError) return e;
  if (e instanceof ServiceError) {
    return new RpcError(RPC.SERVER_ERROR, e.message, {
      code: e.code,
      ...(e.details === undefined ? {} : { details: e.details }),
    });
  }
  if (isStorageFull(e)) return new RpcError(RPC.SERVER_ERROR, STORAGE_FULL_MESSAGE, { code: "STORAGE_FULL" });
  return new RpcError(RPC.INTERNAL_ERROR, "Internal error");
}

/** A JSON-RPC error response for failures found before a message reaches the SDK server. */
export const rpcErrorReply = (code: number, message: string, id: string | number | null = null) => ({
  jsonrpc: "2.0" as const,
  id,
  error: { code, message },
});
