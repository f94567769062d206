import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../testing/test-server";
import { WsProbe } from "../../testing/ws-probe";

let srv: TestServer;
beforeAll(async () => {
  srv = await startTestServer();
});
afterAll(async () => {
  await srv.close();
});

const MAX_SEED = Number.MAX_SAFE_INTEGER;

describe("game v2 over the public API", () => {
  it("POST /reset takes task@2 (also as task_id); the seller type stays hidden until the end", async () => {
    const r = await srv.post("/reset", { task: "single_deal@2", seed: MAX_SEED });
    expect(r.status).toBe(200);
    expect(r.body.info).toMatchObject({ task_id: "single_deal", task_version: "2", seed: MAX_SEED });
    expect(r.body.info.seller.id).toBe("responsive");
    const sid = r.body.session_id;
    expect(r.text).not.toContain("walk_risk");
    const live = await srv.get(`/state?session_id=${sid}`);
    expect(live.body.hidden).toBeNull();
    expect(live.text).not.toContain("walk_risk");
    await srv.post("/step", { session_id: sid, action: { type: "accept" } });
    const after = await srv.get(`/state?session_id=${sid}`);
    expect(after.body.hidden.seller_type.walk_risk).toEqual(expect.any(Number));
    const alt = await srv.post("/reset", { task_id: "amazon_realistic@2", seed: 0 });
    expect(alt.body.info.task_version).toBe("2");
  });

  it("a bare id is still version 1, with the same observation as before v2 existed", async () => {
    const bare = await srv.post("/reset", { task: "single_deal", seed: 3 });
    const one = await srv.post("/reset", { task: "single_deal@1", seed: 3 });
    expect(bare.body.info.task_version).toBe("1");
    expect(one.body.observation).toEqual(bare.body.observation);
  });

  it("an unknown version is a 400 that lists what exists; an out-of-range option is a 422 naming it", async () => {
    const r = await srv.post("/reset", { task: "single_deal@7", seed: 1 });
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe("UNKNOWN_TASK");
    expect(r.body.error.message).toContain("single_deal@2");
    const bad = await srv.post("/reset", { task: "single_deal@2", options: { history_window: 500 } });
    expect(bad.status).toBe(422);
    expect(JSON.stringify(bad.body.detail)).toContain("history_window");
    const mode = await srv.post("/reset", { task: "single_deal@2", reward_mode: "shaped-v2" });
    expect(mode.status).toBe(422);
    expect(JSON.stringify(mode.body.detail)).toContain("reward_mode");
  });

  it("reward_mode shaped-v1 is accepted and recorded; GET /tasks lists both versions", async () => {
    const r = await srv.post("/reset", { task: "single_deal@2", seed: 1, reward_mode: "shaped-v1" });
    expect(r.body.info.reward_mode).toBe("shaped-v1");
    const step = await srv.post("/step", {
      session_id: r.body.session_id,
      action: { type: "offer", price: 1 },
    });
    expect(step.body.info.reward_components).not.toHaveProperty("potential");
    const tasks = await srv.get("/tasks");
    const keys = tasks.body.tasks.map((t: { id: string; version: string }) => `${t.id}@${t.version}`);
    expect(keys).toEqual(expect.arrayContaining(["single_deal@1", "single_deal@2", "read_the_tells@2"]));
  });

  it("batch reset and step run v2 sessions", async () => {
    const r = await srv.post("/batch/reset", { count: 2, seeds: [0, MAX_SEED], task: "read_the_tells@2" });
    expect(r.status).toBe(200);
    const ids = r.body.results.map((x: { session_id: string }) => x.session_id);
    const s = await srv.post("/batch/step", {
      steps: ids.map((id: string) => ({ session_id: id, action: { type: "offer", price: 10 } })),
    });
    for (const item of s.body.results) expect(item.info.reward_components).toHaveProperty("potential");
  });

  it("the WebSocket reset frame and the MCP new_negotiation tool take task@2", async () => {
    const ws = await WsProbe.open(`${srv.url.replace("http", "ws")}/ws`);
    const frame = await ws.ask({ type: "reset", data: { task_id: "deceptive_seller@2", seed: 5 } });
    ws.close();
    expect(frame.type).toBe("observation");
    expect(frame.data.info).toMatchObject({ task_id: "deceptive_seller", task_version: "2" });
    const reply = (await srv.callTool("new_negotiation", { task: "collaborative_seller@2", seed: 2 })).body;
    expect(reply.result.structuredContent.info.task_version).toBe("2");
  });
});
