import { z } from "zod";

export const JSONRPC_PARSE_ERROR = -32700;
export const JSONRPC_INVALID_REQUEST = -32600;
export const JSONRPC_METHOD_NOT_FOUND = -32601;
export const JSONRPC_INVALID_PARAMS = -32602;
export const JSONRPC_INTERNAL_ERROR = -32603;
/** Server-defined range: capacity and session failures (OpenEnv uses −32000 for capacity). */
export const JSONRPC_SERVER_ERROR = -32000;

export const JsonRpcId = z.union([z.string(), z.number().int(), z.null()]);
export type JsonRpcId = z.infer<typeof JsonRpcId>;

/** OpenEnv's request model: extra keys are forbidden, params default to {}. */
export const JsonRpcRequest = z.strictObject({
  jsonrpc: z.literal("2.0"),
  method: z.string().min(1),
  params: z.record(z.string(), z.unknown()).optional(),
  id: JsonRpcId.optional(),
});
export type JsonRpcRequest = z.infer<typeof JsonRpcRequest>;

export interface JsonRpcErrorObject {
  code: number;
  message: string;
  data?: unknown;
}

export type JsonRpcResponse =
  | { jsonrpc: "2.0"; id: JsonRpcId; result: unknown }
  | { jsonrpc: "2.0"; id: JsonRpcId; error: JsonRpcErrorObject };

export const rpcResult = (id: JsonRpcId, result: unknown): JsonRpcResponse => ({
  jsonrpc: "2.0",
  id,
  result,
});

export const rpcError = (id: JsonRpcId, code: number, message: string, data?: unknown): JsonRpcResponse => ({
  jsonrpc: "2.0",
  id,
  error: data === undefined ? { code, message } : { code, message, data },
});

/** A failure inside a method that should reach the caller as a JSON-RPC error object. */
export class RpcFailure extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
    this.name = "RpcFailure";
  }
}
