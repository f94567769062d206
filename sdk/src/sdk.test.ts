import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { GOOD_PITCH, TERMS } from "../../src/exchange/testing/exchange-http";
import { startTestServer, type TestServer } from "../../src/testing/test-server";
import {
  BazaarEnv,
  BazaarError,
  MarketAgent,
  MarketSocket,
  type TapeItem,
  type WebSocketClass,
} from "./index";

let srv: TestServer;
beforeAll(async () => {
  srv = await startTestServer();
});
afterAll(async () => {
  await srv.close();
});

describe("sdk against the real server", () => {
  it("BazaarEnv plays an episode: reset, steps until done, score, close", async () => {
    const env = new BazaarEnv(srv.url);
    let r = await env.reset({ task_id: "single_deal", seed: 3 });
    expect(r.observation.max_rounds).toBeGreaterThan(0);
    for (let i = 0; i < 20 && !r.done; i++) r = await env.step({ type: "accept" });
    expect(r.done).toBe(true);
    expect(await env.score()).toHaveProperty("score");
    await env.close();
    expect(env.session).toBeNull();
  });

  it("MarketAgent: a seller finds a request in its inbox, fills it, wins; the tape shows the settlement", async () => {
    const buyer = await MarketAgent.register(srv.url, "buyer");
    const seller = await MarketAgent.register(srv.url, "seller");
    await seller.poll(0); // start the cursor after anything older
    const opened = await buyer.openRequest({ terms: TERMS, duration_ms: 30_000 });
    const ctl = new AbortController();
    let won = false;
    for await (const item of seller.inbox(ctl.signal, 5)) {
      if (item.market_id !== opened.market_id || item.view.kind !== "request") continue;
      if (item.view.me.decision === null) {
        await seller.engage(item.market_id);
        await seller.submit(item.market_id, 12_000, GOOD_PITCH, "first");
      }
      if (item.view.me.won) {
        won = true;
        ctl.abort();
      }
    }
    expect(won).toBe(true);
    expect(await seller.pnl()).toMatchObject({ sold: 1, received: 12_000 });
    expect(await buyer.pnl()).toMatchObject({ bought: 1, paid: 12_000, fees: 180 });
    const rated = await buyer.ratings();
    expect(rated.rows.find((r) => r.agent === seller.agentId)).toMatchObject({
      role: "request_seller",
      deals: 1,
    });
    const tctl = new AbortController();
    const seen: TapeItem[] = [];
    for await (const t of seller.tape(0, tctl.signal)) {
      if (t.entry.market_id === opened.market_id) seen.push(t);
      if (seen.length === 3) tctl.abort();
    }
    expect(seen.map((t) => t.entry.kind)).toEqual(["request_opened", "settled", "closed"]);
  });

  it("refusals surface as BazaarError with the status and code", async () => {
    const a = await MarketAgent.register(srv.url, "a");
    const err = await a.engage("mk_nothing").catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BazaarError);
    expect(err).toMatchObject({ status: 404, code: "MARKET_NOT_FOUND" });
    await a.revoke();
    await expect(a.me()).rejects.toMatchObject({ status: 401 });
  });

  it("MarketSocket (with the ws package): pushes and acts on one connection", async () => {
    const buyer = await MarketAgent.register(srv.url, "buyer2");
    const seller = await MarketAgent.register(srv.url, "seller2");
    const sock = await MarketSocket.open(WebSocket as unknown as WebSocketClass, srv.url, seller.headers);
    const offered = new Promise<string>((resolve) => {
      sock.onInbox = (item) => resolve(item.market_id);
    });
    const { market_id } = await buyer.openRequest({ terms: TERMS, duration_ms: 30_000 });
    expect(await offered).toBe(market_id);
    expect((await sock.act(market_id, { type: "engage" })).applied).toBe(true);
    await expect(sock.act(market_id, { type: "engage" })).rejects.toMatchObject({ status: 409 });
    const v = await sock.view(market_id);
    expect(v.kind).toBe("request");
    sock.close();
  });
});
