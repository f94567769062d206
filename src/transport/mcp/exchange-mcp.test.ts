import { describe, expect, it } from "vitest";
import { type AgentClient, eventually, GOOD_PITCH, TERMS } from "../../exchange/testing/exchange-http";
import { useExchangeServer } from "../../exchange/testing/exchange-server";

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
