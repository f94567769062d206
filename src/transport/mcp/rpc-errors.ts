import type { z } from "zod";
import { asServiceError } from "../../sessions/service-error";
import {
  JSONRPC_INTERNAL_ERROR,
  JSONRPC_INVALID_PARAMS,
  JSONRPC_INVALID_REQUEST,
  JSONRPC_PARSE_ERROR,
} from "../../wire/errors";
import { toPydanticErrors } from "../../wire/pydantic-errors";

/** JSON-RPC's codes as this transport uses them (the wire's error taxonomy holds them). */
export const RPC = {
  PARSE_ERROR: JSONRPC_PARSE_ERROR,
  INVALID_REQUEST: JSONRPC_INVALID_REQUEST,
  INVALID_PARAMS: JSONRPC_INVALID_PARAMS,
  INTERNAL_ERROR: JSONRPC_INTERNAL_ERROR,
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
 * Any failure inside a method as the error the caller sees: a service refusal takes its
 * JSON-RPC code from the wire's taxonomy and keeps its own code under `data` (a full disk is
 * STORAGE_FULL), and anything unexpected says only "Internal error" (its message could carry
 * internals).
 */
export function toRpcError(e: unknown): RpcError {
  if (e instanceof RpcError) return e;
  const known = asServiceError(e);
  if (known === null) return new RpcError(RPC.INTERNAL_ERROR, "Internal error");
  return new RpcError(known.route.jsonrpc, known.message, {
    code: known.code,
    ...(known.details === undefined ? {} : { details: known.details }),
  });
}

/** A JSON-RPC error response for failures found before a message reaches the SDK server. */
export const rpcErrorReply = (code: number, message: string, id: string | number | null = null) => ({
  jsonrpc: "2.0" as const,
  id,
  error: { code, message },
});
