import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { McpError } from "@modelcontextprotocol/sdk/types.js";
import { describe, expect, it } from "vitest";
import { type AgentClient, eventually, GOOD_PITCH, TERMS } from "../../exchange/testing/exchange-http";
import { useExchangeServer } from "../../exchange/testing/exchange-server";
import { AGENT_TOKEN_HEADER } from "../../wire/exchange";

const t = useExchangeServer();

let n = 0;
const rpc = (who: AgentClient, method: string, params: object = {}) =>
  who.post("/agents/mcp", { jsonrpc: "2.0", id: ++n, method, params });
const callTool = (who: AgentClient, name: string, args: object) =>
  rpc(who, "tools/call", { name, arguments: args });

describe("POST /agents/mcp", () => {
  it("needs the agent token (401 before any JSON-RPC)", async () => {
    const r = await t.srv.post("/agents/mcp", { jsonrpc: "2.0", id: 1, method: "tools/list" });
    expect(r.status).toBe(401);
  });

  it("lists the exchange's actions as tools, each with a JSON schema", async () => {
    const r = await rpc(t.a, "tools/list");
    const names = r.body.result.tools.map((t: { name: string }) => t.name);
    expect(names).toEqual([
      "market_inbox",
      "market_view",
      "market_engage",
      "market_pass",
      "market_offer",
      "market_accept",
      "market_walk",
      "market_submit",
      "market_pnl",
    ]);
    expect(r.body.result.tools[7].inputSchema.required).toEqual(["market_id", "price", "pitch"]);
  });

  it("plays a request market through tools: inbox, engage, submit, win; refusals come back as isError", async () => {
    const opened = await t.req.post("/markets/requests", { terms: TERMS, duration_ms: 30_000 });
    const id = opened.body.market_id as string;
    const inbox = await callTool(t.a, "market_inbox", {});
    expect(
      inbox.body.result.structuredContent.items.some((i: { market_id: string }) => i.market_id === id),
    ).toBe(true);
    expect(inbox.body.result.content[0].text).toContain("tea stall logo");
    const early = await callTool(t.a, "market_submit", { market_id: id, price: 100, pitch: GOOD_PITCH });
    expect(early.body.result.isError).toBe(true);
    expect(early.body.result.structuredContent.error).toMatchObject({ status: 403, code: "NOT_ENGAGED" });
    expect((await callTool(t.a, "market_engage", { market_id: id })).body.result.isError).toBe(false);
    const sub = await callTool(t.a, "market_submit", {
      market_id: id,
      price: 2000,
      pitch: GOOD_PITCH,
      client_key: "s",
    });
    expect(sub.body.result.structuredContent.applied).toBe(true);
    const view = await eventually(async () => {
      const v = await callTool(t.a, "market_view", { market_id: id });
      return v.body.result.structuredContent.view.me.won ? v : undefined;
    });
    expect(view.body.result.content[0].text).toMatch(/is won \(score 10/);
    const pnl = await callTool(t.a, "market_pnl", {});
    expect(pnl.body.result.structuredContent).toMatchObject({ sold: 1, received: 2000 });
  });

  it("answers bad params and unknown tools with JSON-RPC errors", async () => {
    expect((await callTool(t.a, "nope", {})).body.error.code).toBe(-32602);
    expect((await callTool(t.a, "market_submit", { market_id: "x", price: "cheap" })).body.error.code).toBe(
      -32602,
    );
    expect(
      (await callTool(t.a, "market_view", { market_id: "mk_missing" })).body.result.structuredContent.error
        .status,
    ).toBe(404);
    expect((await rpc(t.a, "resources/list")).body.error.code).toBe(-32601);
  });
});

/** The SDK's own client over its Streamable HTTP transport, as any MCP host would connect. */
async function sdkClient(token: string): Promise<Client> {
  const client = new Client({ name: "exchange-test", version: "1.0.0" });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${t.srv.url}/agents/mcp`), {
      requestInit: { headers: { [AGENT_TOKEN_HEADER]: token } },
    }),
  );
  return client;
}

describe("the MCP SDK client against /agents/mcp", () => {
  it("initializes, lists the tools and trades as the agent its token names", async () => {
    const client = await sdkClient(t.b.token);
    expect(client.getServerVersion()?.name).toBe("bazaar_exchange");
    const { tools } = await client.listTools();
    expect(tools.map((x) => x.name)).toContain("market_submit");
    const opened = await t.req.post("/markets/requests", { terms: TERMS, duration_ms: 30_000 });
    const id = opened.body.market_id as string;
    const engaged = await client.callTool({ name: "market_engage", arguments: { market_id: id } });
    expect(engaged.isError).toBe(false);
    // The action is b's: a's own view of the market shows no thread or submission of its own.
    const asB = (await t.b.get(`/markets/${id}`)).body;
    const asA = (await t.a.get(`/markets/${id}`)).body;
    expect(asB.me.decision).toBe("engaged");
    expect(asA.me.decision).toBeNull();
    const late = await client.callTool({ name: "market_accept", arguments: { market_id: id } });
    expect(late).toMatchObject({
      isError: true,
      structuredContent: { error: { status: expect.any(Number) } },
    });
    await client.close();
  });

  it("gets JSON-RPC error codes back for bad arguments, unknown tools and methods", async () => {
    const client = await sdkClient(t.a.token);
    const err = async (p: Promise<unknown>) => {
      const e = await p.then(
        () => null,
        (x: unknown) => x,
      );
      expect(e).toBeInstanceOf(McpError);
      return e as McpError;
    };
    const bad = await err(
      client.callTool({ name: "market_submit", arguments: { market_id: "m", price: "x" } }),
    );
    expect(bad.code).toBe(-32602);
    expect(bad.data).toEqual(expect.arrayContaining([expect.objectContaining({ loc: ["price"] })]));
    expect((await err(client.callTool({ name: "nope", arguments: {} }))).code).toBe(-32602);
    expect((await err(client.listResources())).code).toBe(-32601);
    await client.close();
  });

  it("refuses an SDK client without a valid token before any JSON-RPC (401)", async () => {
    const e = await sdkClient("not-a-token").then(
      () => null,
      (x: unknown) => x as Error & { code?: unknown },
    );
    expect(e?.code).toBe(401);
  });

  it("answers a notification 202 and a parse error 200 with −32700", async () => {
    const post = (body: string) =>
      fetch(`${t.srv.url}/agents/mcp`, {
        method: "POST",
        headers: { [AGENT_TOKEN_HEADER]: t.a.token, "content-type": "application/json" },
        body,
      });
    expect((await post(JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }))).status).toBe(
      202,
    );
    const garbled = await post("{not json");
    expect(garbled.status).toBe(200);
    expect(((await garbled.json()) as { error: { code: number } }).error.code).toBe(-32700);
  });
});
