import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { JSONRPCMessageSchema, JSONRPCResponseSchema } from "@modelcontextprotocol/sdk/types.js";
import type { Context, Env, Hono } from "hono";
import { documented } from "../../openapi/operation";
import type { SessionService } from "../../sessions/session-service";
import { HttpError, renderError } from "../http/http-errors";
import { requireJsonContentType } from "../http/json-content-type";
import { readBodyText } from "../http/read-body";
import { isErrorReply, parseMcpText } from "./mcp-message";
import { createMcpServer } from "./mcp-server";

/** Body limit when the caller names none (the server passes its configured one). */
const DEFAULT_MCP_BODY_LIMIT = 64 * 1024;

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

const methodNotAllowed = (c: Context): Response => {
  const msg = "POST JSON-RPC to /mcp; this server opens no SSE stream and keeps no MCP session to delete.";
  return renderError(c, new HttpError(405, "METHOD_NOT_ALLOWED", msg, msg, undefined, { Allow: "POST" }));
};

/**
 * POST /mcp: MCP's Streamable HTTP transport (the SDK's, stateless, JSON responses), so SDK
 * clients and plain JSON-RPC POSTs both work. Everything JSON-RPC can express is HTTP 200
 * (OPENENV §2.1); what it cannot — a body over the limit (413), not JSON by its content-type
 * (415) — gets the server's HTTP error, as on every other JSON route. GET and DELETE are 405,
 * which the spec allows a server without a standalone stream or sessions to answer.
 */
export function registerMcpRoutes<E extends Env>(
  app: Hono<E>,
  service: SessionService,
  limitBytes: number = DEFAULT_MCP_BODY_LIMIT,
): void {
  app.post(
    "/mcp",
    documented({
      tag: "openenv",
      summary: "MCP tools (Streamable HTTP, JSON-RPC 2.0)",
      description:
        "MCP's Streamable HTTP transport, stateless, JSON responses; a plain JSON-RPC POST works too. Methods: initialize, ping, tools/list, tools/call (new_negotiation, make_offer, accept_offer, walk_away, get_state), openenv/session/create, openenv/session/close. Every request is HTTP 200 with `result` or `error` (−32700, −32600, −32601, −32602, −32603, −32000); a notification is 202.",
      guard: "rpc",
      body: ["JsonRpcMessage", JSONRPCMessageSchema],
      ok: { description: "The JSON-RPC response", schema: ["JsonRpcResponse", JSONRPCResponseSchema] },
      empty: { 202: "A notification (no `id`) was accepted; JSON-RPC answers nothing" },
    }),
    async (c) => {
      let text: string;
      try {
        requireJsonContentType(c);
        text = await readBodyText(c, limitBytes);
      } catch (e) {
        if (e instanceof HttpError) return renderError(c, e);
        throw e;
      }
      const parsed = parseMcpText(text);
      if (isErrorReply(parsed)) return c.json(parsed, 200);
      const transport = new WebStandardStreamableHTTPServerTransport({
        sessionIdGenerator: undefined,
        enableJsonResponse: true,
      });
      const server = createMcpServer({ service });
      await server.connect(transport);
      try {
        return await transport.handleRequest(asStreamableRequest(c.req.raw), { parsedBody: parsed.message });
      } finally {
        // JSON mode resolves once every reply is written into the body: nothing is left to send.
        await server.close();
      }
    },
  );
  app.on(
    ["GET", "DELETE"],
    "/mcp",
    documented({
      tag: "openenv",
      summary: "No MCP stream or session here",
      description:
        "This server opens no server-to-client SSE stream and keeps no MCP session: 405, Allow: POST.",
      guard: "read",
      errors: [405],
    }),
    methodNotAllowed,
  );
}
