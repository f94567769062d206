import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv";
import { z } from "zod";
import { ENGINE_VERSION } from "../../../env/engine-version";
import { asServiceError } from "../../sessions/service-error";
import type { SessionService } from "../../sessions/session-service";
import { SessionId } from "../../wire/session-id";
import { findTool, TOOLS, type ToolContext, toolArgsSchema, toolDescriptor } from "./mcp-tools";
import { invalidParams, RPC, RpcError, toRpcError } from "./rpc-errors";

export interface McpBinding {
  service: SessionService;
  /** Set for the WS `mcp` frame: tools then act on that connection's own session. */
  boundSessionId?: string;
  /** That connection, which a WS-held session requires on every call. */
  channel?: object;
}

/*
 * Request schemas the SDK dispatches on. Params stay loose here and are validated inside the
 * handlers: a schema failure at this level would reach the caller as −32603 with zod's text,
 * while ours answers −32602 with the pydantic-style list the other transports give.
 */
const Params = z.looseObject({}).optional();
const ListTools = z.object({ method: z.literal("tools/list"), params: Params });
const CallTool = z.object({ method: z.literal("tools/call"), params: Params });
const SessionCreate = z.object({ method: z.literal("openenv/session/create"), params: Params });
const SessionClose = z.object({ method: z.literal("openenv/session/close"), params: Params });

const CallParams = z.object({
  name: z.string().min(1),
  arguments: z.record(z.string(), z.unknown()).optional(),
  /** OpenEnv's extension: the session a call targets, beside the tool's own arguments. */
  session_id: SessionId.optional(),
});
const SessionParams = z.object({ session_id: SessionId });

function parseParams<S extends z.ZodType>(schema: S, params: unknown): z.infer<S> {
  const parsed = schema.safeParse(params ?? {});
  if (!parsed.success) throw invalidParams(parsed.error, params ?? {});
  return parsed.data;
}

/** Every handler's failures leave as JSON-RPC errors with our codes, never a raw message. */
const guarded =
  <A extends unknown[], R>(run: (...args: A) => Promise<R> | R) =>
  async (...args: A): Promise<R> => {
    try {
      return await run(...args);
    } catch (e) {
      throw toRpcError(e);
    }
  };

async function callTool(params: unknown, ctx: ToolContext) {
  const call = parseParams(CallParams, params);
  const spec = findTool(call.name);
  if (!spec) {
    throw new RpcError(RPC.INVALID_PARAMS, `Unknown tool: ${call.name}`, {
      available: TOOLS.map((t) => t.name),
    });
  }
  const bound = ctx.boundSessionId !== undefined;
  const raw: Record<string, unknown> = { ...(call.arguments ?? {}) };
  if (spec.needsSession && !bound && raw.session_id === undefined && call.session_id !== undefined) {
    raw.session_id = call.session_id;
  }
  const args = parseParams(toolArgsSchema(spec, bound), raw) as Record<string, unknown>;
  let sessionId = typeof args.session_id === "string" ? args.session_id : undefined;
  if (bound && spec.needsSession) {
    if (sessionId !== undefined && sessionId !== ctx.boundSessionId) {
      throw new RpcError(
        RPC.INVALID_PARAMS,
        "Tools on a WebSocket connection act on that connection's session.",
      );
    }
    sessionId = ctx.boundSessionId;
  }
  try {
    // The schema above has already checked these arguments for this tool.
    const outcome = await spec.run(args as never, sessionId, ctx);
    return {
      content: [{ type: "text" as const, text: outcome.text }],
      structuredContent: outcome.structured,
      isError: false,
    };
  } catch (e) {
    // Storage trouble (a full disk, an unreachable database) is the server's failure, not the
    // tool's: it stays a JSON-RPC error.
    const known = asServiceError(e);
    if (known === null || known.code === "STORAGE_FULL" || known.code === "STORAGE_UNAVAILABLE") throw e;
    // MCP reports a tool's own failures inside the result, so the agent can read and react.
    return {
      content: [{ type: "text" as const, text: known.message }],
      structuredContent: { error: { code: known.code, message: known.message } },
      isError: true,
    };
  }
}

/**
 * Elicitation is never used, but the SDK's Server builds a JSON Schema validator per instance
 * unless given one; a server is built per HTTP request, so they share this one.
 */
const validator = new AjvJsonSchemaValidator();

/**
 * The MCP server (the SDK's low-level `Server`): the buyer tools, plus OpenEnv's session
 * methods over HTTP. The SDK answers initialize, ping, unknown methods (−32601) and the
 * JSON-RPC framing; we own the tools and their error contract.
 */
export function createMcpServer(binding: McpBinding): Server {
  const { service, boundSessionId, channel } = binding;
  const ctx: ToolContext = {
    service,
    ...(boundSessionId === undefined ? {} : { boundSessionId }),
    ...(channel === undefined ? {} : { channel }),
  };
  const bound = boundSessionId !== undefined;
  const server = new Server(
    { name: "bazaar_batna", version: ENGINE_VERSION },
    { capabilities: { tools: { listChanged: false } }, jsonSchemaValidator: validator },
  );
  server.setRequestHandler(ListTools, () => ({ tools: TOOLS.map((t) => toolDescriptor(t, bound)) }));
  server.setRequestHandler(
    CallTool,
    guarded((req: z.infer<typeof CallTool>) => callTool(req.params, ctx)),
  );
  // On a WS connection the connection is the session: these are simply not there.
  if (!bound) {
    server.setRequestHandler(
      SessionCreate,
      guarded(() => ({ session_id: service.openSession() })),
    );
    server.setRequestHandler(
      SessionClose,
      guarded((req: z.infer<typeof SessionClose>) =>
        service.close(parseParams(SessionParams, req.params).session_id),
      ),
    );
  }
  return server;
}
