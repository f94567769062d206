import {
  isJSONRPCNotification,
  isJSONRPCRequest,
  type JSONRPCNotification,
  type JSONRPCRequest,
} from "@modelcontextprotocol/sdk/types.js";
import { exceedsJsonDepth, MAX_JSON_DEPTH } from "../../wire/json-depth";
import { RPC, rpcErrorReply } from "./rpc-errors";

export type McpMessage =
  | { kind: "request"; message: JSONRPCRequest }
  | { kind: "notification"; message: JSONRPCNotification };

export type McpErrorReply = ReturnType<typeof rpcErrorReply>;

const idOf = (body: unknown): string | number | null => {
  if (body === null || typeof body !== "object") return null;
  const id = (body as Record<string, unknown>).id;
  return typeof id === "string" || typeof id === "number" ? id : null;
};

/**
 * One JSON-RPC request or notification, by the SDK's own (strict) schemas: extra keys, a
 * batch, a null id or a response are all "Invalid Request" (−32600), answered here rather
 * than by the SDK transport, which would say 400 "Parse error" where OpenEnv's clients and
 * `openenv validate` expect a 200 carrying −32600.
 */
export function classifyMcpMessage(body: unknown): McpMessage | McpErrorReply {
  if (isJSONRPCRequest(body)) return { kind: "request", message: body };
  if (isJSONRPCNotification(body)) return { kind: "notification", message: body };
  return rpcErrorReply(
    RPC.INVALID_REQUEST,
    'Invalid Request: expected one JSON-RPC 2.0 object {"jsonrpc":"2.0","id","method","params"?} with no other keys.',
    idOf(body),
  );
}

/** A request body's text as one message, or the parse error to answer (nesting capped first). */
export function parseMcpText(text: string): McpMessage | McpErrorReply {
  if (exceedsJsonDepth(text))
    return rpcErrorReply(RPC.PARSE_ERROR, `Parse error: nested deeper than ${MAX_JSON_DEPTH}`);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return rpcErrorReply(RPC.PARSE_ERROR, "Parse error");
  }
  return classifyMcpMessage(body);
}

export const isErrorReply = (m: McpMessage | McpErrorReply): m is McpErrorReply => "error" in m;
