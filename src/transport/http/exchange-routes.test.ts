import { describe, expect, it } from "vitest";
import {
  clientFor,
  eventually,
  GOOD_PITCH,
  registerAgent,
  sleep,
  TERMS,
  WEAK_PITCH,
} from "../../exchange/testing/exchange-http";
import { useExchangeServer } from "../../exchange/testing/exchange-server";

const t = useExchangeServer({ bodyLimitKb: 8 });

const openRequest = async (durationMs = 20_000, terms: object = TERMS): Promise<string> => {
  const r = await t.req.post("/markets/requests", { terms, duration_ms: durationMs });
  expect(r.status).toBe(201);
  return r.body.market_id as string;
};

describe("agents", () => {
  it("registers with a token shown once and stored only as a digest", async () => {
    const r = await t.srv.post("/agents", { name: "gamma" });
    expect(r.status).toBe(201);
    expect(r.body.token).toMatch(/^ag_[a-z0-9]{16}\.[A-Za-z0-9_-]{43}$/);
    const me = await clientFor(t.srv.url, r.body.agent_id, r.body.token).get("/agents/me");
    expect(me.body).toMatchObject({ agent_id: r.body.agent_id, name: "gamma" });
    const row = t.srv.exchange.store.agent(r.body.agent_id);
    expect(row?.token_digest.length).toBe(32);
    expect(JSON.stringify(row)).not.toContain(r.body.token.split(".")[1]);
  });

  it("answers 401 to a missing, malformed, wrong or revoked token", async () => {
    expect((await t.srv.get("/agents/me")).status).toBe(401);
    expect((await clientFor(t.srv.url, "x", "garbage").get("/agents/me")).status).toBe(401);
    const wrong = `${t.a.agent_id}.${"A".repeat(43)}`;
    expect((await clientFor(t.srv.url, t.a.agent_id, wrong).get("/agents/me")).status).toBe(401);
    const d = await registerAgent(t.srv.url, "doomed");
    expect((await d.del("/agents/me")).status).toBe(200);
    const after = await d.get("/agents/me");
    expect(after.status).toBe(401);
    expect(after.body.error.code).toBe("UNAUTHORIZED");
    expect((await d.post("/markets/requests", { terms: TERMS, duration_ms: 1000 })).status).toBe(401);
  });

  it("refuses a bad registration body with 422 and changes nothing", async () => {
    const before = t.srv.exchange.registry.active().length;
    expect((await t.srv.post("/agents", { name: "" })).status).toBe(422);
    expect((await t.srv.post("/agents", { name: "x", id: "ag_mine" })).status).toBe(422);
    expect((await t.srv.postRaw("/agents", "{nope")).status).toBe(422);
    expect(t.srv.exchange.registry.active().length).toBe(before);
  });
});

describe("request markets over HTTP", () => {
  it("runs engage → submit → judged → won → settled, with the ledger balanced", async () => {
    const id = await openRequest();
    expect((await t.a.post("/markets/act", { market_id: id, action: { type: "engage" } })).status).toBe(200);
    const sub = await t.a.post("/markets/act", {
      market_id: id,
      action: { type: "submit", price: 40_000, pitch: GOOD_PITCH },
      client_key: "s1",
    });
    expect(sub.status).toBe(200);
    expect(sub.body.applied).toBe(true);
    const won = await eventually(async () => {
      const v = await t.a.get(`/markets/${id}`);
      return v.body.me.won ? v.body : undefined;
    });
    expect(won.tape.map((t: { kind: string }) => t.kind)).toEqual(["request_opened", "settled", "closed"]);
    expect(won.tape[1]).toMatchObject({ winner: t.a.agent_id, price: 40_000, fee: 600 });
    expect(t.srv.exchange.store.reconcile()).toMatchObject({ balanced: true, total: 0 });
    expect((await t.a.get("/agents/me/pnl")).body).toMatchObject({ sold: 1, received: 40_000, net: 40_000 });
    expect((await t.req.get("/agents/me/pnl")).body).toMatchObject({ bought: 1, paid: 40_000, fees: 600 });
    const rv = await t.req.get(`/markets/${id}`);
    expect(rv.body.kind).toBe("requester");
    expect(rv.body.deliveries).toEqual([{ winner: t.a.agent_id, price: 40_000, pitch: GOOD_PITCH }]);
  });

  it("a duplicate submit (same client_key) is idempotent; a late one is 409, not engaging is 403", async () => {
    const id = await openRequest(1500, { ...TERMS, top_n: 2 });
    expect(
      (
        await t.b.post("/markets/act", {
          market_id: id,
          action: { type: "submit", price: 1, pitch: WEAK_PITCH },
        })
      ).status,
    ).toBe(403);
    await t.a.post("/markets/act", { market_id: id, action: { type: "engage" } });
    const cmd = {
      market_id: id,
      action: { type: "submit", price: 30_000, pitch: WEAK_PITCH },
      client_key: "k",
    };
    const first = await t.a.post("/markets/act", cmd);
    const again = await t.a.post("/markets/act", cmd);
    expect(first.body.applied).toBe(true);
    expect(again.status).toBe(200);
    expect(again.body.applied).toBe(false);
    const events = t.srv.exchange.store.events(id).filter((e) => e.type === "submitted");
    expect(events).toHaveLength(1);
    await sleep(1600);
    const late = await t.a.post("/markets/act", { ...cmd, client_key: "k2" });
    expect(late.status).toBe(409);
    expect(late.body.error.code).toBe("LATE");
    // The retried duplicate after the deadline still reads "already done".
    expect((await t.a.post("/markets/act", cmd)).body.applied).toBe(false);
    const closed = await eventually(async () => {
      const v = await t.srv.get(`/markets/${id}`);
      return v.body.tape.at(-1).kind === "closed" ? v.body : undefined;
    });
    expect(closed.tape.at(-1).outcome).toBe("timeout");
  });

  it("an agent registered after the market opened was not offered it: 403", async () => {
    const id = await openRequest();
    const late = await registerAgent(t.srv.url, "latecomer");
    const r = await late.post("/markets/act", { market_id: id, action: { type: "engage" } });
    expect(r.status).toBe(403);
    expect(r.body.error.code).toBe("UNKNOWN_AGENT");
  });

  it("refuses oversized bodies (413), bad commands (422) and unknown markets (404), changing nothing", async () => {
    const id = await openRequest();
    await t.a.post("/markets/act", { market_id: id, action: { type: "engage" } });
    const before = t.srv.exchange.store.events(id).length;
    const big = await t.a.post("/markets/act", {
      market_id: id,
      action: { type: "submit", price: 10, pitch: "x".repeat(9000) },
    });
    expect(big.status).toBe(413);
    expect(
      (await t.a.post("/markets/act", { market_id: id, action: { type: "submit", price: -1, pitch: "p" } }))
        .status,
    ).toBe(422);
    expect(
      (await t.a.post("/markets/act", { market_id: id, action: { type: "offer", price: 5 } })).status,
    ).toBe(422);
    expect((await t.a.post("/markets/act", { market_id: id, action: { type: "engage" } })).status).toBe(409);
    expect(
      (await t.a.post("/markets/act", { market_id: "mk_nope", action: { type: "engage" } })).status,
    ).toBe(404);
    expect(
      (await t.a.post("/markets/act", { market_id: id, agent: t.b.agent_id, action: { type: "engage" } }))
        .status,
    ).toBe(422);
    expect(t.srv.exchange.store.events(id).length).toBe(before);
  });
});

describe("listing markets over HTTP", () => {
  it("a buyer negotiates in its own thread and a deal settles: buyer pays price + fee to the house", async () => {
    const r = await t.req.post("/markets/listings", {
      seller: "bazaar-default@1",
      goods: 0,
      units: 1,
      duration_ms: 20_000,
    });
    expect(r.status).toBe(201);
    const id = r.body.market_id as string;
    expect(r.body.view.tape[0]).toMatchObject({ kind: "listing_opened", units: 1 });
    expect(JSON.stringify(r.body)).not.toMatch(/reservation|"cost"/);
    await t.a.post("/markets/act", { market_id: id, action: { type: "engage" } });
    const ask = r.body.view.tape[0].ask as number;
    const acc = await t.a.post("/markets/act", {
      market_id: id,
      action: { type: "accept", message: "done" },
    });
    expect(acc.status).toBe(200);
    expect(acc.body.view.me.thread.status).toBe("deal");
    expect(acc.body.view.tape.at(-1)).toMatchObject({ kind: "closed", outcome: "sold_out" });
    const price = Math.round(ask * 100);
    expect((await t.a.get("/agents/me/pnl")).body.paid).toBeGreaterThanOrEqual(price);
    expect(t.srv.exchange.store.reconcile().balanced).toBe(true);
    // The losing side can no longer act: the market is closed.
    const late = await t.b.post("/markets/act", { market_id: id, action: { type: "engage" } });
    expect(late.status).toBe(409);
  });

  it("refuses an unknown seller with 422", async () => {
    const r = await t.req.post("/markets/listings", { seller: "nobody@9", units: 1, duration_ms: 2000 });
    expect(r.status).toBe(422);
  });
});

describe("inbox (long-poll)", () => {
  it("delivers a new market to an agent waiting on its inbox, and only its own view", async () => {
    const cursor = (await t.a.get("/agents/me/inbox")).body.cursor as number;
    const waiting = t.a.get(`/agents/me/inbox?after=${cursor}&wait=5`);
    await sleep(50);
    const id = await openRequest();
    const got = await waiting;
    expect(got.status).toBe(200);
    const item = got.body.items.find((i: { market_id: string }) => i.market_id === id);
    expect(item.view).toMatchObject({ kind: "request", viewer: t.a.agent_id });
    expect(got.body.cursor).toBeGreaterThan(cursor);
    expect((await t.a.get("/agents/me/inbox?wait=abc")).status).toBe(422);
    expect((await t.a.get("/agents/me/inbox?wait=999")).status).toBe(422);
  });
});
