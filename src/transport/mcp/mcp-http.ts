import { JSONRPCMessageSchema, JSONRPCResponseSchema } from "@modelcontextprotocol/sdk/types.js";
import type { SessionService } from "../../sessions/session-service";
import type { OperationSpec } from "../../wire/operation";
import { createMcpServer } from "./mcp-server";
import { answerStreamable } from "./sdk-kit";

/** POST /mcp's answer: the session tools' server over the shared Streamable HTTP answer. */
export function answerMcpHttp(
  service: SessionService,
): (text: string, request: Request) => Promise<Response> {
  return (text, request) => answerStreamable(text, request, () => createMcpServer({ service }));
}

/** /mcp in /openapi.json: the POST, and the GET/DELETE a stateless server answers 405. */
export const MCP_ROUTE_DOCS: { post: OperationSpec; refused: OperationSpec } = {
  post: {
    tag: "openenv",
    summary: "MCP tools (Streamable HTTP, JSON-RPC 2.0)",
    description:
      "MCP's Streamable HTTP transport, stateless, JSON responses; a plain JSON-RPC POST works too. Methods: initialize, ping, tools/list, tools/call (new_negotiation, make_offer, accept_offer, walk_away, get_state), openenv/session/create, openenv/session/close. Every request is HTTP 200 with `result` or `error` (−32700, −32600, −32601, −32602, −32603, −32000); a notification is 202.",
    guard: "rpc",
    body: ["JsonRpcMessage", JSONRPCMessageSchema],
    ok: { description: "The JSON-RPC response", schema: ["JsonRpcResponse", JSONRPCResponseSchema] },
    empty: { 202: "A notification (no `id`) was accepted; JSON-RPC answers nothing" },
  },
  refused: {
    tag: "openenv",
    summary: "No MCP stream or session here",
    description:
      "This server opens no server-to-client SSE stream and keeps no MCP session: 405, Allow: POST.",
    guard: "read",
    errors: [405],
  },
};

export const MCP_REFUSED_MESSAGE =
  "POST JSON-RPC to /mcp; this server opens no SSE stream and keeps no MCP session to delete.";
