import type { Hono } from "hono";
import { z } from "zod";
import { ENGINE_VERSION } from "../../../env/engine-version";
import { asExchangeError } from "../../exchange/exchange-error";
import type { ExchangeShell } from "../../exchange/exchange-shell";
import { AGENT_TOKEN_HEADER } from "../../wire/exchange";
import { HttpError, renderError } from "../http/http-errors";
import { readJson } from "../http/request-input";
import { toPydanticErrors } from "../ws/pydantic-errors";
import { EXCHANGE_TOOLS, exchangeToolDescriptor, findExchangeTool } from "./exchange-tools";
import {
  JSONRPC_INVALID_PARAMS,
  JSONRPC_INVALID_REQUEST,
  JSONRPC_METHOD_NOT_FOUND,
  JsonRpcId,
  JsonRpcRequest,
  rpcError,
  rpcResult,
} from "./jsonrpc";

const MCP_PROTOCOL_VERSION = "2025-06-18";
const CallParams = z.object({
  name: z.string().min(1),
  arguments: z.record(z.string(), z.unknown()).optional(),
});

/**
 * POST /agents/mcp: the exchange's tools over JSON-RPC for one authenticated agent (its token
 * in X-Agent-Token; a missing or bad token is an HTTP 401 before any JSON-RPC). A refused
 * action comes back inside the tool result (`isError`), with its status and code, so the model
 * can read it and react.
 */
export function registerExchangeMcp(app: Hono, ex: ExchangeShell, limitBytes: number): void {
  app.post("/agents/mcp", async (c) => {
    const agent = ex.registry.authenticate(c.req.header(AGENT_TOKEN_HEADER));
    if (agent === null) {
      const msg = "Send a valid, unrevoked agent token in X-Agent-Token (POST /agents gives one).";
      return renderError(c, new HttpError(401, "UNAUTHORIZED", msg, msg));
    }
    const body = await readJson(c, limitBytes);
    const idp = JsonRpcId.safeParse((body as { id?: unknown } | null)?.id);
    const id = idp.success ? idp.data : null;
    const req = JsonRpcRequest.safeParse(body);
    if (!req.success)
      return c.json(
        rpcError(id, JSONRPC_INVALID_REQUEST, "Invalid Request", toPydanticErrors(req.error, body)),
      );
    const { method, params } = req.data;
    if (method === "initialize")
      return c.json(
        rpcResult(id, {
          protocolVersion: MCP_PROTOCOL_VERSION,
          capabilities: { tools: { listChanged: false } },
          serverInfo: { name: "bazaar_exchange", version: ENGINE_VERSION },
        }),
      );
    if (method === "ping" || method === "notifications/initialized") return c.json(rpcResult(id, {}));
    if (method === "tools/list")
      return c.json(rpcResult(id, { tools: EXCHANGE_TOOLS.map(exchangeToolDescriptor) }));
    if (method !== "tools/call")
      return c.json(rpcError(id, JSONRPC_METHOD_NOT_FOUND, `Method not found: ${method}`));
    const call = CallParams.safeParse(params ?? {});
    const spec = call.success ? findExchangeTool(call.data.name) : undefined;
    if (!call.success || spec === undefined)
      return c.json(
        rpcError(id, JSONRPC_INVALID_PARAMS, "Unknown tool", {
          available: EXCHANGE_TOOLS.map((t) => t.name),
        }),
      );
    const args = spec.args.safeParse(call.data.arguments ?? {});
    if (!args.success)
      return c.json(
        rpcError(
          id,
          JSONRPC_INVALID_PARAMS,
          "Invalid params",
          toPydanticErrors(args.error, call.data.arguments),
        ),
      );
    try {
      const out = await spec.run(args.data as never, agent, ex);
      return c.json(
        rpcResult(id, {
          content: [{ type: "text", text: out.text }],
          structuredContent: out.structured,
          isError: false,
        }),
      );
    } catch (err) {
      const x = asExchangeError(err);
      if (x === null) throw err;
      const error = { status: x.status, code: x.code, message: x.message };
      return c.json(
        rpcResult(id, {
          content: [{ type: "text", text: x.message }],
          structuredContent: { error },
          isError: true,
        }),
      );
    }
  });
}
