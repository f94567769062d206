import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { z } from "zod";
import { ENGINE_VERSION } from "../../../env/engine-version";
import { asServiceError } from "../../sessions/service-error";
import type { SessionService } from "../../sessions/session-service";
import { SessionId } from "../../wire/session-id";
import { findTool, TOOLS, type ToolContext, toolArgsSchema, toolDescriptor } from "./mcp-tools";
import { RPC, RpcError } from "./rpc-errors";
import {
  CallTool,
  guarded,
  ListTools,
  Params,
  parseParams,
  sharedValidator,
  ToolCallParams,
  toolResult,
} from "./sdk-kit";

export interface McpBinding {
  service: SessionService;
  /** Set for the WS `mcp` frame: tools then act on that connection's own session. */
  boundSessionId?: string;
  /** That connection, which a WS-held session requires on every call. */
  channel?: object;
}

const SessionCreate = z.object({ method: z.literal("openenv/session/create"), params: Params });
const SessionClose = z.object({ method: z.literal("openenv/session/close"), params: Params });

const CallParams = ToolCallParams.extend({
  /** OpenEnv's extension: the session a call targets, beside the tool's own arguments. */
  session_id: SessionId.optional(),
});
const SessionParams = z.object({ session_id: SessionId });

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
    return toolResult(outcome.text, outcome.structured);
  } catch (e) {
    // Storage trouble (a full disk, an unreachable database) is the server's failure, not the
    // tool's: it stays a JSON-RPC error.
    const known = asServiceError(e);
    if (known === null || known.code === "STORAGE_FULL" || known.code === "STORAGE_UNAVAILABLE") throw e;
    // MCP reports a tool's own failures inside the result, so the agent can read and react.
    return toolResult(known.message, { error: { code: known.code, message: known.message } }, true);
  }
}

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
    { capabilities: { tools: { listChanged: false } }, jsonSchemaValidator: sharedValidator },
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
