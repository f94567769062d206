import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv";
import { z } from "zod";
import { isErrorReply, parseMcpText } from "./mcp-message";
import { invalidParams, toRpcError } from "./rpc-errors";

/*
 * What every MCP server here (the session tools at /mcp, the exchange's at /agents/mcp) builds
 * on: the request schemas the SDK's low-level `Server` dispatches on, the params check, the
 * error guard and the Streamable HTTP answer. Params stay loose in the schemas and are checked
 * inside the handlers: a schema failure at the SDK's level would reach the caller as −32603
 * with zod's text, while ours answers −32602 with the pydantic-style list the other transports give.
 */
export const Params = z.looseObject({}).optional();
export const ListTools = z.object({ method: z.literal("tools/list"), params: Params });
export const CallTool = z.object({ method: z.literal("tools/call"), params: Params });

/** tools/call's params: which tool and its arguments (servers extend it with their own keys). */
export const ToolCallParams = z.object({
  name: z.string().min(1),
  arguments: z.record(z.string(), z.unknown()).optional(),
});

export function parseParams<S extends z.ZodType>(schema: S, params: unknown): z.infer<S> {
  const parsed = schema.safeParse(params ?? {});
  if (!parsed.success) throw invalidParams(parsed.error, params ?? {});
  return parsed.data;
}

/** Every handler's failures leave as JSON-RPC errors with our codes, never a raw message. */
export const guarded =
  <A extends unknown[], R>(run: (...args: A) => Promise<R> | R) =>
  async (...args: A): Promise<R> => {
    try {
      return await run(...args);
    } catch (e) {
      throw toRpcError(e);
    }
  };

/** A tool's answer as MCP's tools/call result; a refusal the agent should read is `isError`. */
export const toolResult = (text: string, structured: Record<string, unknown>, isError = false) => ({
  content: [{ type: "text" as const, text }],
  structuredContent: structured,
  isError,
});

/**
 * Elicitation is never used, but the SDK's Server builds a JSON Schema validator per instance
 * unless given one; a server is built per HTTP request, so they all share this one.
 */
export const sharedValidator = new AjvJsonSchemaValidator();

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
 * One POST answered by MCP's Streamable HTTP transport (the SDK's, stateless, JSON responses)
 * over a server built for this request, so SDK clients and plain JSON-RPC POSTs both work.
 * Everything JSON-RPC can express is HTTP 200 (OPENENV §2.1), a notification 202; the HTTP
 * layer has already refused what it cannot (413, 415).
 */
export async function answerStreamable(
  text: string,
  request: Request,
  server: () => Server,
): Promise<Response> {
  const parsed = parseMcpText(text);
  if (isErrorReply(parsed)) return Response.json(parsed, { status: 200 });
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
  });
  const s = server();
  await s.connect(transport);
  try {
    return await transport.handleRequest(asStreamableRequest(request), { parsedBody: parsed.message });
  } finally {
    // JSON mode resolves once every reply is written into the body: nothing is left to send.
    await s.close();
  }
}
