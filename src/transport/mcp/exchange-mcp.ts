import { z } from "zod";
import { ENGINE_VERSION } from "../../../env/engine-version";
import { asExchangeError } from "../../exchange/exchange-error";
import type { ExchangeShell } from "../../exchange/exchange-shell";
import {
  JSONRPC_INVALID_PARAMS,
  JSONRPC_INVALID_REQUEST,
  JSONRPC_METHOD_NOT_FOUND,
  JSONRPC_PARSE_ERROR,
} from "../../wire/errors";
import { exceedsJsonDepth, MAX_JSON_DEPTH } from "../../wire/json-depth";
import { toPydanticErrors } from "../../wire/pydantic-errors";
import { EXCHANGE_TOOLS, exchangeToolDescriptor, findExchangeTool } from "./exchange-tools";

// JSON-RPC 2.0 envelopes for this small tool endpoint. The session MCP moved to the official
// SDK (mcp-server.ts); registering these tools there is the next step (see docs/exchange.md).
const JsonRpcId = z.union([z.string(), z.number().int(), z.null()]);
type JsonRpcId = z.infer<typeof JsonRpcId>;
const JsonRpcRequest = z.strictObject({
  jsonrpc: z.literal("2.0"),
  method: z.string().min(1),
  params: z.record(z.string(), z.unknown()).optional(),
  id: JsonRpcId.optional(),
});
export type JsonRpcResponse =
  | { jsonrpc: "2.0"; id: JsonRpcId; result: unknown }
  | { jsonrpc: "2.0"; id: JsonRpcId; error: { code: number; message: string; data?: unknown } };
const rpcResult = (id: JsonRpcId, result: unknown): JsonRpcResponse => ({ jsonrpc: "2.0", id, result });
const rpcError = (id: JsonRpcId, code: number, message: string, data?: unknown): JsonRpcResponse => ({
  jsonrpc: "2.0",
  id,
  error: data === undefined ? { code, message } : { code, message, data },
});

const MCP_PROTOCOL_VERSION = "2025-06-18";
const CallParams = z.object({
  name: z.string().min(1),
  arguments: z.record(z.string(), z.unknown()).optional(),
});

/**
 * The exchange's tools over JSON-RPC (the body of `POST /agents/mcp`) for one agent, already
 * authenticated by the HTTP route from its token. A refused action comes back inside the tool
 * result (`isError`) with its status and code, so the model can read it and react; everything
 * else JSON-RPC can express (parse errors included) is answered here.
 */
export async function answerExchangeMcp(
  text: string,
  agent: string,
  ex: ExchangeShell,
): Promise<JsonRpcResponse> {
  if (exceedsJsonDepth(text))
    return rpcError(null, JSONRPC_PARSE_ERROR, `Parse error: nested deeper than ${MAX_JSON_DEPTH}`);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return rpcError(null, JSONRPC_PARSE_ERROR, "Parse error");
  }
  const idp = JsonRpcId.safeParse((body as { id?: unknown } | null)?.id);
  const id = idp.success ? idp.data : null;
  const req = JsonRpcRequest.safeParse(body);
  if (!req.success)
    return rpcError(id, JSONRPC_INVALID_REQUEST, "Invalid Request", toPydanticErrors(req.error, body));
  const { method, params } = req.data;
  if (method === "initialize")
    return rpcResult(id, {
      protocolVersion: MCP_PROTOCOL_VERSION,
      capabilities: { tools: { listChanged: false } },
      serverInfo: { name: "bazaar_exchange", version: ENGINE_VERSION },
    });
  if (method === "ping" || method === "notifications/initialized") return rpcResult(id, {});
  if (method === "tools/list") return rpcResult(id, { tools: EXCHANGE_TOOLS.map(exchangeToolDescriptor) });
  if (method !== "tools/call") return rpcError(id, JSONRPC_METHOD_NOT_FOUND, `Method not found: ${method}`);
  const call = CallParams.safeParse(params ?? {});
  const spec = call.success ? findExchangeTool(call.data.name) : undefined;
  if (!call.success || spec === undefined)
    return rpcError(id, JSONRPC_INVALID_PARAMS, "Unknown tool", {
      available: EXCHANGE_TOOLS.map((t) => t.name),
    });
  const args = spec.args.safeParse(call.data.arguments ?? {});
  if (!args.success)
    return rpcError(
      id,
      JSONRPC_INVALID_PARAMS,
      "Invalid params",
      toPydanticErrors(args.error, call.data.arguments),
    );
  try {
    const out = await spec.run(args.data as never, agent, ex);
    return rpcResult(id, {
      content: [{ type: "text", text: out.text }],
      structuredContent: out.structured,
      isError: false,
    });
  } catch (err) {
    const x = asExchangeError(err);
    if (x === null) throw err;
    const error = { status: x.status, code: x.code, message: x.message };
    return rpcResult(id, {
      content: [{ type: "text", text: x.message }],
      structuredContent: { error },
      isError: true,
    });
  }
}
