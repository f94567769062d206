import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { McpError } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { DEFAULT_CONFIG } from "../../config/config";
import { silentLogger } from "../../log/logger";
import { rejection } from "../../testing/rejection";
import { formatMoney } from "../../wire/money";
import { type RunningServer, startServer } from "../server";
import { TOOLS } from "./mcp-tools";

/**
 * The MCP SDK's own client, over its Streamable HTTP transport, against the production server
 * on an ephemeral port: what any MCP host (an agent framework, an IDE) would do.
 */
const KEY = "mcp-client-key-4b7e2a9c1d";
let srv: RunningServer;

beforeAll(async () => {
  srv = await startServer(
    { ...DEFAULT_CONFIG, port: 0, host: "127.0.0.1", db: ":memory:", apiKeys: [KEY], logLevel: "silent" },
    { logger: silentLogger, drainMs: 1000 },
  );
});
afterAll(() => srv.close());

async function connect(key: string | null = KEY): Promise<Client> {
  const client = new Client({ name: "bazaar-test", version: "1.0.0" });
  const headers: Record<string, string> = key === null ? {} : { authorization: `Bearer ${key}` };
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${srv.url}/mcp`), { requestInit: { headers } }),
  );
  return client;
}

const Created = z.object({ session_id: z.string() });
const Closed = z.object({ session_id: z.string(), closed: z.literal(true) });

const rpcError = (promise: Promise<unknown>): Promise<McpError> => rejection(promise, McpError);

describe("the MCP SDK client against /mcp", () => {
  it("initializes, lists the buyer tools and plays a negotiation", async () => {
    const client = await connect();
    expect(client.getServerVersion()?.name).toBe("bazaar_batna");
    expect(client.getServerCapabilities()?.tools).toBeDefined();

    const { tools } = await client.listTools();
    // The same tools the plain JSON-RPC tests name one by one (mcp-http.test.ts).
    expect(tools.map((t) => t.name).sort()).toEqual(TOOLS.map((t) => t.name).sort());

    const started = await client.callTool({ name: "new_negotiation", arguments: { seed: 7 } });
    expect(started.isError).toBe(false);
    const sessionId = (started.structuredContent as { session_id: string }).session_id;
    const offered = await client.callTool({
      name: "make_offer",
      arguments: { session_id: sessionId, price: 30 },
    });
    expect(offered.structuredContent).toMatchObject({ done: false, reward: expect.any(Number) });
    const walked = await client.callTool({ name: "walk_away", arguments: { session_id: sessionId } });
    expect(walked.structuredContent).toMatchObject({ done: true });
    const late = await client.callTool({ name: "accept_offer", arguments: { session_id: sessionId } });
    expect(late).toMatchObject({ isError: true, structuredContent: { error: { code: "EPISODE_DONE" } } });
    await client.close();
  });

  it("reaches OpenEnv's session methods and gets JSON-RPC error codes back", async () => {
    const client = await connect();
    const { session_id } = await client.request({ method: "openenv/session/create", params: {} }, Created);
    expect(await client.request({ method: "openenv/session/close", params: { session_id } }, Closed)).toEqual(
      {
        session_id,
        closed: true,
      },
    );
    const again = await rpcError(
      client.request({ method: "openenv/session/close", params: { session_id } }, Closed),
    );
    expect(again.code).toBe(-32000);
    expect(again.data).toEqual({ code: "SESSION_NOT_FOUND" });

    const badArgs = await rpcError(
      client.callTool({ name: "make_offer", arguments: { session_id, price: "low" } }),
    );
    expect(badArgs.code).toBe(-32602);
    expect(badArgs.data).toEqual([expect.objectContaining({ loc: ["price"], type: "float_type" })]);
    expect((await rpcError(client.callTool({ name: "reset", arguments: {} }))).code).toBe(-32602);
    expect((await rpcError(client.request({ method: "step", params: {} }, Created))).code).toBe(-32601);
    await client.close();
  });

  it("needs the API key like every other route", async () => {
    const err = await connect(null).then(
      () => null,
      (e: unknown) => e as Error & { code?: unknown },
    );
    expect(err?.code).toBe(401);
    expect(String(err?.message)).toMatch(/UNAUTHORIZED/);
  });

  it("writes every price in both roles' status lines with the one price formatter (#17)", async () => {
    const client = await connect();
    const Called = z.object({
      content: z.array(z.object({ text: z.string() })),
      structuredContent: z.object({
        session_id: z.string().optional(),
        observation: z.object({
          current_round: z.number(),
          max_rounds: z.number(),
          opponent_last_offer: z.number().nullish(),
          own_private_budget: z.number().optional(),
        }),
      }),
    });
    const call = async (name: string, args: Record<string, unknown>) => {
      const r = Called.parse(await client.callTool({ name, arguments: args }));
      const status = r.content[0]?.text.split("\n").at(-1) ?? "";
      // Apart from the round counter, every figure is a rupee amount as formatMoney writes it.
      expect(status.replace(/^Round \d+\/\d+;/, "")).not.toMatch(/(?<![₹\d,.])\d|\.\d{3}/);
      return { status, ...r.structuredContent };
    };
    const buyer = await call("new_negotiation", { task: "single_deal@3", seed: 4 });
    const sid = buyer.session_id;
    const offered = await call("make_offer", { session_id: sid, price: 30.4700000001 });
    const o = offered.observation;
    const ask = formatMoney(o.opponent_last_offer as number);
    expect(offered.status).toBe(
      `Round ${o.current_round}/${o.max_rounds}; the seller's standing ask is ${ask}; your budget is ${formatMoney(o.own_private_budget as number)}.`,
    );
    expect((await call("accept_offer", { session_id: sid })).status.endsWith(`Deal closed at ${ask}.`)).toBe(
      true,
    );

    const sale = await call("new_sale", { seed: 3 });
    // Seed 3's buyer takes this counter: the sale ends on it.
    const sold = await call("counter_price", { session_id: sale.session_id, price: 52.7300000001 });
    expect(sold.status).toContain("your standing price is ₹52.73;");
    expect(sold.status).toMatch(/The sale is over: Deal closed at ₹52\.73\.$/);
    await client.close();
  });
});
