import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import type { z } from "zod";
import { ENGINE_VERSION } from "../../../env/engine-version";
import { asExchangeError } from "../../exchange/exchange-error";
import type { ExchangeShell } from "../../exchange/exchange-shell";
import { EXCHANGE_TOOLS, exchangeToolDescriptor, findExchangeTool } from "./exchange-tools";
import { RPC, RpcError } from "./rpc-errors";
import {
  answerStreamable,
  CallTool,
  guarded,
  ListTools,
  parseParams,
  sharedValidator,
  ToolCallParams,
  toolResult,
} from "./sdk-kit";

async function callExchangeTool(params: unknown, agent: string, ex: ExchangeShell) {
  const call = parseParams(ToolCallParams, params);
  const spec = findExchangeTool(call.name);
  if (spec === undefined)
    throw new RpcError(RPC.INVALID_PARAMS, `Unknown tool: ${call.name}`, {
      available: EXCHANGE_TOOLS.map((t) => t.name),
    });
  const args = parseParams(spec.args, call.arguments);
  try {
    // The schema above has already checked these arguments for this tool.
    const out = await spec.run(args as never, agent, ex);
    return toolResult(out.text, out.structured);
  } catch (err) {
    const x = asExchangeError(err);
    if (x === null) throw err;
    // A refused action (403 not engaged, 409 late, 404 unknown market) is the agent's to read.
    return toolResult(x.message, { error: { status: x.status, code: x.code, message: x.message } }, true);
  }
}

/**
 * The exchange's MCP server (the SDK's low-level `Server`, as for the session tools) for one
 * agent, already authenticated by the HTTP route from its token: the tools never take an
 * agent id from their arguments. The SDK answers initialize, ping, unknown methods (−32601)
 * and the framing; a refused action comes back inside the tool result (`isError`) with its
 * status and code, so the model can read it and react.
 */
export function createExchangeMcpServer(agent: string, ex: ExchangeShell): Server {
  const server = new Server(
    { name: "bazaar_exchange", version: ENGINE_VERSION },
    { capabilities: { tools: { listChanged: false } }, jsonSchemaValidator: sharedValidator },
  );
  server.setRequestHandler(ListTools, () => ({ tools: EXCHANGE_TOOLS.map(exchangeToolDescriptor) }));
  server.setRequestHandler(
    CallTool,
    guarded((req: z.infer<typeof CallTool>) => callExchangeTool(req.params, agent, ex)),
  );
  return server;
}

/** POST /agents/mcp's answer: that agent's exchange server over Streamable HTTP. */
export const answerExchangeMcp =
  (ex: ExchangeShell) =>
  (text: string, agent: string, request: Request): Promise<Response> =>
    answerStreamable(text, request, () => createExchangeMcpServer(agent, ex));
