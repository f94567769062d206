import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SellerObservation } from "../../../env/seller-role/seller-observation";
import { startTestServer, type TestServer } from "../../testing/test-server";
import { WsProbe } from "../../testing/ws-probe";
import { SellerEpisodeView, SellerResetResponse, SellerStepResponse } from "../../wire/seller-role";

let srv: TestServer;
beforeAll(async () => {
  srv = await startTestServer();
});
afterAll(async () => {
  await srv.close();
});

/** Play a seller-role episode over HTTP with a simple policy: hold, then accept in the last round. */
async function playOut(sid: string, first: { observation: SellerObservation; done: boolean }) {
  let obs = first.observation;
  let done = first.done;
  let last: { status: number; body: ReturnType<typeof SellerStepResponse.parse> } | null = null;
  for (let i = 0; !done && i < 30; i++) {
    const quote = Math.max(obs.brief.reservation + 1, obs.own_last_quote - 2);
    const action =
      obs.rounds_remaining <= 1
        ? { action_type: "accept", message: "Fine, last round." }
        : { action_type: "counter", price: quote, message: `Hand-made piece, ${quote} is fair.` };
    const r = await srv.post("/step", { session_id: sid, action });
    expect(r.status).toBe(200);
    last = { status: r.status, body: SellerStepResponse.parse(r.body) };
    obs = last.body.observation;
    done = last.body.done;
  }
  return last;
}

describe("the seller role over HTTP", () => {
  it("POST /reset {role: seller} gives the seller's brief, never the buyer's budget, and plays to an end", async () => {
    const r = await srv.post("/reset", {
      role: "seller",
      task: "sell_single_deal@1",
      seed: 3,
      buyer: "rule-smart@1",
    });
    expect(r.status).toBe(200);
    const reset = SellerResetResponse.parse(r.body);
    expect(reset.info).toMatchObject({
      role: "seller",
      task_id: "sell_single_deal",
      task_version: "1",
      buyer: { id: "rule-smart", version: 1 },
    });
    expect(reset.observation.brief.reservation).toBeGreaterThan(0);
    expect(r.text).not.toMatch(/budget|deadline/);
    const state = await srv.get(`/state?session_id=${reset.session_id}`);
    expect(state.body).toMatchObject({ role: "seller", hidden: null });
    const last = await playOut(reset.session_id, reset);
    expect(last?.body.info.seller_result).toBeDefined();
    const after = await srv.get(`/state?session_id=${reset.session_id}`);
    expect(after.body.hidden.buyer_budget).toEqual(expect.any(Number));
    const score = await srv.get(`/score?session_id=${reset.session_id}`);
    expect(score.body).toMatchObject({ role: "seller", task: "sell_single_deal@1", episodes_completed: 1 });
  });

  it("a seller-role reset lists the buyer role's keys back as ignored", async () => {
    const body = {
      role: "seller",
      seed: 9,
      seller: "boulware@1",
      reward_mode: "terminal",
      timeout_s: 5,
      row: 1,
    };
    const r = await srv.post("/reset", body);
    expect(r.status).toBe(200);
    expect(r.body.info.ignored_keys).toEqual(["seller", "reward_mode", "row"]);
  });

  it("role defaults to buyer: the same reset without role is byte-identical to role: buyer", async () => {
    const a = await srv.post("/reset", { task: "single_deal", seed: 9 });
    const b = await srv.post("/reset", { task: "single_deal", seed: 9, role: "buyer" });
    expect(b.body.observation).toEqual(a.body.observation);
    expect(b.body.info.ignored_keys).toEqual([]);
  });

  it("a stored seller-role episode replays: the seller's view while it runs (with its session), the whole log after", async () => {
    const r = await srv.post("/reset", { role: "seller", seed: 5, episode_id: "sell-replay-1" });
    const sid = r.body.session_id;
    const anon = await srv.get("/episodes/sell-replay-1");
    expect(anon.status).toBe(404);
    const own = await fetch(`${srv.url}/episodes/sell-replay-1`, { headers: { "x-session-id": sid } });
    const live = SellerEpisodeView.parse(await own.json());
    expect(live.visibility).toBe("public");
    expect(live.events).toBeNull();
    expect(JSON.stringify(live)).not.toMatch(/budget/);
    await srv.post("/step", { session_id: sid, action: { action_type: "walk", message: "No." } });
    const over = SellerEpisodeView.parse((await srv.get("/episodes/sell-replay-1")).body);
    expect(over.visibility).toBe("full");
    expect(over.seller_result?.outcome).toBe("walk");
    expect(over.events?.[0]).toMatchObject({ type: "episode_started", buyer: { id: "rule-smart" } });
  });

  it("request_id makes a seller step idempotent (a double click steps once)", async () => {
    const r = await srv.post("/reset", { role: "seller", seed: 5 });
    const sid = r.body.session_id;
    const step = {
      session_id: sid,
      request_id: "click-1",
      action: { action_type: "counter", price: r.body.observation.own_last_quote - 1 },
    };
    const [a, b] = await Promise.all([srv.post("/step", step), srv.post("/step", step)]);
    expect(a.body).toEqual(b.body);
    const state = await srv.get(`/state?session_id=${sid}`);
    expect(state.body.dialogue.filter((t: { speaker: string }) => t.speaker === "seller").length).toBe(2);
  });

  it("bad input is a clear 4xx that changes nothing", async () => {
    const unknownBuyer = await srv.post("/reset", { role: "seller", buyer: "nobody@1" });
    expect(unknownBuyer.status).toBe(400);
    expect(unknownBuyer.body.error.code).toBe("UNKNOWN_BUYER");
    const unknownTask = await srv.post("/reset", { role: "seller", task: "single_deal@2" });
    expect(unknownTask.status).toBe(400);
    expect(unknownTask.body.error.message).toContain("sell_single_deal@1");
    // No model server answers here: the LLM buyer's fallback plays, and the reply says so.
    const llmOffline = await srv.post("/reset", { role: "seller", buyer: "llm-ollama:x@1" });
    expect(llmOffline.status).toBe(200);
    expect(llmOffline.body.info.buyer_fallback).toBe(true);
    const r = await srv.post("/reset", { role: "seller", seed: 1 });
    const sid = r.body.session_id;
    const before = await srv.get(`/state?session_id=${sid}`);
    const wrongRole = await srv.post("/step", { session_id: sid, action: { type: "offer", price: 5 } });
    expect(wrongRole.status).toBe(422);
    expect(wrongRole.body.error.message).toContain("action_type");
    const badType = await srv.post("/step", { session_id: sid, action: { action_type: "haggle" } });
    expect(badType.status).toBe(422);
    const long = await srv.post("/step", {
      session_id: sid,
      action: { action_type: "counter", price: 1, message: "x".repeat(5000) },
    });
    expect(long.status).toBe(422);
    expect((await srv.get(`/state?session_id=${sid}`)).body).toEqual(before.body);
    const buyerSession = await srv.post("/reset", { seed: 1 });
    const sellerMove = await srv.post("/step", {
      session_id: buyerSession.body.session_id,
      action: { action_type: "walk" },
    });
    expect(sellerMove.status).toBe(422);
    expect(sellerMove.body.error.message).toContain('"type"');
  });

  it("batch reset and step take seller items beside buyer items", async () => {
    const reset = await srv.post("/batch/reset", { role: "seller", count: 2, seeds: 40 });
    expect(reset.status).toBe(200);
    const [a, b] = reset.body.results;
    expect(a.info.role).toBe("seller");
    expect(b.info.seed).toBe(41);
    const step = await srv.post("/batch/step", {
      steps: [
        { session_id: a.session_id, action: { action_type: "walk" } },
        { session_id: b.session_id, action: { action_type: "counter", price: b.observation.own_last_quote } },
      ],
    });
    expect(step.body.results[0].done).toBe(true);
    expect(step.body.results[1].info.role).toBe("seller");
  });

  it("the OpenEnv WebSocket plays the seller role with reset and step frames", async () => {
    const ws = await WsProbe.open(`${srv.url.replace(/^http/, "ws")}/ws`);
    try {
      const reset = await ws.ask({ type: "reset", data: { role: "seller", seed: 7, buyer: "boulware@1" } });
      expect(reset.type).toBe("observation");
      const obs = SellerObservation.parse(reset.data.observation);
      const step = await ws.ask({
        type: "step",
        data: { action_type: "counter", price: obs.own_last_quote - 1, message: "Almost mine to give." },
      });
      expect(step.type).toBe("observation");
      expect((step.data.info as { role: string }).role).toBe("seller");
      const bad = await ws.ask({ type: "step", data: { action_type: "counter", price: "ten" } });
      expect(bad.type).toBe("error");
      const state = await ws.ask({ type: "state" });
      expect(state.data).toMatchObject({ role: "seller", hidden: null });
    } finally {
      ws.close();
    }
  });

  it("/schema and /metadata describe both roles; the top-level keys stay the buyer's (OpenEnv clients)", async () => {
    const schema = (await srv.get("/schema")).body;
    expect(schema.action.title).toBe("Action");
    expect(schema.roles.buyer.action).toEqual(schema.action);
    expect(schema.roles.seller.action.properties.action_type.enum).toEqual(["counter", "accept", "walk"]);
    expect(Object.keys(schema.roles.seller.observation.properties)).toContain("brief");
    expect(JSON.stringify(schema.roles.seller.observation)).not.toMatch(/budget/);
    expect((await srv.get("/metadata")).body.description).toContain("role");
    const doc = (await srv.get("/openapi.json")).body;
    expect(JSON.stringify(doc.paths["/reset"])).toContain("roles.seller");
    expect(doc.paths["/buyers"]).toBeDefined();
  });

  it("GET /web/sell serves the seller's page under the strict CSP, and GET /buyers lists the opponents", async () => {
    const page = await srv.get("/web/sell");
    expect(page.status).toBe(200);
    expect(page.headers.get("content-security-policy")).toContain("default-src 'self'");
    expect(page.text).toContain('src="/web/sell.js"');
    const buyers = (await srv.get("/buyers")).body;
    expect(buyers.buyers.map((b: { key: string }) => b.key)).toContain("rule-smart@1");
    // Current versions (exact money) first: /web/sell opens on sell_single_deal@2.
    expect(buyers.tasks.map((t: { id: string; current: boolean }) => [t.id, t.current])).toEqual([
      ["sell_single_deal@2", true],
      ["sell_tough_buyer@2", true],
      ["sell_career_5@1", true],
      ["sell_single_deal@1", false],
      ["sell_tough_buyer@1", false],
    ]);
    expect(buyers.llm_key_forms).toContain("llm-ollama:<tag>@1");
  });

  it("MCP tools sell: new_sale, counter_price, accept_bid", async () => {
    const rpc = async (name: string, args: object) => (await srv.callTool(name, args)).body.result;
    const started = await rpc("new_sale", { seed: 3, buyer: "ev@1" });
    expect(started.isError).toBe(false);
    expect(started.content[0]?.text).toContain("You are selling");
    const sid = started.structuredContent.session_id as string;
    const accepted = await rpc("accept_bid", { session_id: sid, message: "Sold." });
    expect(accepted.structuredContent.done).toBe(true);
    expect(accepted.content[0]?.text).toContain("The sale is over");
    // A career: accepting the first bid ends deal 1, and the tool says so before the next item.
    const career = await rpc("new_sale", { seed: 3, task: "sell_career_5@1" });
    const next = await rpc("accept_bid", {
      session_id: career.structuredContent.session_id,
      message: "Chalo.",
    });
    expect(next.structuredContent.done).toBe(false);
    expect(next.content[0]?.text).toMatch(/^Deal 1 of 5 is over: .*\nNext you are selling: /);
  });
});
