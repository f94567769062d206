import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { JSONRPCMessageSchema, JSONRPCResponseSchema } from "@modelcontextprotocol/sdk/types.js";
import type { SessionService } from "../../sessions/session-service";
import type { OperationSpec } from "../../wire/operation";
import { isErrorReply, parseMcpText } from "./mcp-message";
import { createMcpServer } from "./mcp-server";

/**
 * The SDK transport insists the client accepts both JSON and SSE. We always answer JSON
 * (enableJsonResponse), so a plain JSON-RPC POST — curl, OpenEnv's clients, `openenv
 * validate` — is handed on as if it had said so.
 */
function asStreamableRequest(raw: Request): Request {
  const headers = new Headers(raw.headers);
  headers.set("accept", "application/json, text/event-stream");
  return new Request(raw.url, { method: "POST", headers });
}

/**
 * POST /mcp's answer: MCP's Streamable HTTP transport (the SDK's, stateless, JSON responses),
 * so SDK clients and plain JSON-RPC POSTs both work. Everything JSON-RPC can express is HTTP
 * 200 (OPENENV §2.1), a notification 202; the HTTP layer has already refused what it cannot
 * (413, 415).
 */
export function answerMcpHttp(
  service: SessionService,
): (text: string, request: Request) => Promise<Response> {
  return async (text, request) => {
    const parsed = parseMcpText(text);
    if (isErrorReply(parsed)) return Response.json(parsed, { status: 200 });
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    const server = createMcpServer({ service });
    await server.connect(transport);
    try {
      return await transport.handleRequest(asStreamableRequest(request), { parsedBody: parsed.message });
    } finally {
      // JSON mode resolves once every reply is written into the body: nothing is left to send.
      await server.close();
    }
  };
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
