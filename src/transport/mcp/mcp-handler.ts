import { z } from "zod";
import { ENGINE_VERSION } from "../../../env/engine-version";
import { asServiceError, type ServiceError } from "../../sessions/service-error";
import type { SessionService } from "../../sessions/session-service";
import { exceedsJsonDepth, MAX_JSON_DEPTH } from "../../wire/json-depth";
import { toPydanticErrors } from "../../wire/pydantic-errors";
import { SessionId } from "../../wire/session-id";
import {
  JSONRPC_INTERNAL_ERROR,
  JSONRPC_INVALID_PARAMS,
  JSONRPC_INVALID_REQUEST,
  JSONRPC_METHOD_NOT_FOUND,
  JSONRPC_PARSE_ERROR,
  JsonRpcId,
  JsonRpcRequest,
  type JsonRpcResponse,
  RpcFailure,
  rpcError,
  rpcResult,
} from "./jsonrpc";
import { findTool, TOOLS, type ToolContext, toolArgsSchema, toolDescriptor } from "./mcp-tools";

const MCP_PROTOCOL_VERSION = "2025-06-18";

const CallParams = z.object({
  name: z.string().min(1),
  arguments: z.record(z.string(), z.unknown()).optional(),
  session_id: SessionId.optional(),
});
const SessionParams = z.object({ session_id: SessionId });

function invalidParams(error: z.ZodError, input: unknown): RpcFailure {
  return new RpcFailure(JSONRPC_INVALID_PARAMS, "Invalid params", toPydanticErrors(error, input));
}

function parseParams<S extends z.ZodType>(schema: S, params: unknown): z.infer<S> {
  const parsed = schema.safeParse(params);
  if (!parsed.success) throw invalidParams(parsed.error, params);
  return parsed.data;
}

function serviceFailure(e: ServiceError): RpcFailure {
  return new RpcFailure(e.route.jsonrpc, e.message, {
    code: e.code,
    ...(e.details === undefined ? {} : { details: e.details }),
  });
}

async function callTool(params: Record<string, unknown>, ctx: ToolContext): Promise<unknown> {
  const call = parseParams(CallParams, params);
  const spec = findTool(call.name);
  if (!spec) {
    throw new RpcFailure(JSONRPC_INVALID_PARAMS, `Unknown tool: ${call.name}`, {
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
      throw new RpcFailure(
        JSONRPC_INVALID_PARAMS,
        "Tools on a WebSocket connection act on that connection's session.",
      );
    }
    sessionId = ctx.boundSessionId;
  }
  try {
    // The schema above has already checked these arguments for this tool.
    const outcome = await spec.run(args as never, sessionId, ctx);
    return {
      content: [{ type: "text", text: outcome.text }],
      structuredContent: outcome.structured,
      isError: false,
    };
  } catch (e) {
    const known = asServiceError(e);
    if (known === null || known.code === "STORAGE_FULL") throw e;
    // MCP reports a tool's own failures inside the result, so the agent can read and react.
    return {
      content: [{ type: "text", text: known.message }],
      structuredContent: { error: { code: known.code, message: known.message } },
      isError: true,
    };
  }
}

async function dispatch(
  req: JsonRpcRequest,
  service: SessionService,
  boundSessionId?: string,
  channel?: object,
): Promise<unknown> {
  const params = req.params ?? {};
  const ctx: ToolContext = {
    service,
    ...(boundSessionId === undefined ? {} : { boundSessionId }),
    ...(channel === undefined ? {} : { channel }),
  };
  switch (req.method) {
    case "initialize":
      return {
        protocolVersion: MCP_PROTOCOL_VERSION,
        capabilities: { tools: { listChanged: false } },
        serverInfo: { name: "bazaar_batna", version: ENGINE_VERSION },
      };
    case "ping":
    case "notifications/initialized":
      return {};
    case "tools/list":
      return { tools: TOOLS.map((t) => toolDescriptor(t, boundSessionId !== undefined)) };
    case "tools/call":
      return callTool(params, ctx);
    case "openenv/session/create":
    case "openenv/session/close": {
      if (boundSessionId !== undefined) {
        throw new RpcFailure(
          JSONRPC_METHOD_NOT_FOUND,
          `${req.method} is not available on a WebSocket connection: the connection is the session.`,
        );
      }
      if (req.method === "openenv/session/create") return { session_id: service.openSession() };
      return service.close(parseParams(SessionParams, params).session_id);
    }
    default:
      throw new RpcFailure(JSONRPC_METHOD_NOT_FOUND, `Method not found: ${req.method}`);
  }
}

const idOf = (body: unknown): JsonRpcId => {
  if (body === null || typeof body !== "object") return null;
  const parsed = JsonRpcId.safeParse((body as Record<string, unknown>).id);
  return parsed.success ? parsed.data : null;
};

/**
 * Answer one JSON-RPC 2.0 request (OPENENV §2.1). Never throws: every failure becomes a
 * JSON-RPC error object. `boundSessionId` is set for the WS `mcp` frame, whose tools then act
 * on the connection's own session.
 */
export async function handleMcpRequest(
  body: unknown,
  service: SessionService,
  boundSessionId?: string,
  channel?: object,
): Promise<JsonRpcResponse> {
  const id = idOf(body);
  const parsed = JsonRpcRequest.safeParse(body);
  if (!parsed.success) {
    return rpcError(id, JSONRPC_INVALID_REQUEST, "Invalid Request", toPydanticErrors(parsed.error, body));
  }
  try {
    return rpcResult(id, await dispatch(parsed.data, service, boundSessionId, channel));
  } catch (e) {
    if (e instanceof RpcFailure) return rpcError(id, e.code, e.message, e.data);
    const known = asServiceError(e);
    if (known !== null) {
      const f = serviceFailure(known);
      return rpcError(id, f.code, f.message, f.data);
    }
    return rpcError(id, JSONRPC_INTERNAL_ERROR, "Internal error");
  }
}

/**
 * One JSON-RPC request as text (the body of POST /mcp): parse errors are JSON-RPC errors too,
 * so everything JSON-RPC can express is answered here; the HTTP route only reads the body.
 */
export async function answerMcpText(text: string, service: SessionService): Promise<JsonRpcResponse> {
  if (exceedsJsonDepth(text)) {
    return rpcError(null, JSONRPC_PARSE_ERROR, `Parse error: nested deeper than ${MAX_JSON_DEPTH}`);
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return rpcError(null, JSONRPC_PARSE_ERROR, "Parse error");
  }
  return handleMcpRequest(body, service);
}
