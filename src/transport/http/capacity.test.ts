import { afterEach, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../testing/test-server";

let srv: TestServer | undefined;
afterEach(async () => {
  await srv?.close();
  srv = undefined;
});

describe("capacity and idle TTL", () => {
  it("answers 503 CAPACITY_REACHED with Retry-After once full, and frees a slot on close", async () => {
    srv = await startTestServer({ maxSessions: 2 });
    const a = await srv.post("/reset", { seed: 1 });
    await srv.post("/reset", { seed: 2 });
    const before = srv.store.counts();
    const full = await srv.post("/reset", { seed: 3 });
    expect(full.status).toBe(503);
    expect(full.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(full.body.error).toMatchObject({
      code: "CAPACITY_REACHED",
      details: { active_sessions: 2, max_sessions: 2 },
    });
    expect(srv.store.counts()).toEqual(before);
    const batch = await srv.post("/batch/reset", { count: 2, seeds: 5 });
    expect(batch.status).toBe(200);
    expect(batch.body.results.map((r: { status?: number }) => r.status)).toEqual([503, 503]);
    await srv.post("/close", { session_id: a.body.session_id });
    expect((await srv.post("/reset", { seed: 4 })).status).toBe(200);
    expect((await srv.get("/health")).body).toMatchObject({ active_sessions: 2, max_sessions: 2 });
  });

  it("concurrent resets never overfill the table", async () => {
    srv = await startTestServer({ maxSessions: 3 });
    const s = srv;
    const replies = await Promise.all(Array.from({ length: 8 }, (_, i) => s.post("/reset", { seed: i })));
    expect(replies.filter((r) => r.status === 200)).toHaveLength(3);
    expect(replies.filter((r) => r.status === 503)).toHaveLength(5);
  });

  it("evicts idle sessions after the TTL; their episodes stay stored", async () => {
    let now = 1_000_000;
    srv = await startTestServer({ maxSessions: 1, sessionTtlS: 60 }, () => now);
    const a = await srv.post("/reset", { seed: 1, episode_id: "idle-one" });
    await srv.post("/step", { session_id: a.body.session_id, action: { type: "offer", price: 30 } });
    now += 59_000;
    expect((await srv.get(`/state?session_id=${a.body.session_id}`)).status).toBe(200);
    expect((await srv.post("/reset", { seed: 2 })).status).toBe(503);
    now += 61_000;
    // The idle session no longer blocks a newcomer…
    const b = await srv.post("/reset", { seed: 2 });
    expect(b.status).toBe(200);
    // …and is gone for good, while its log is still readable.
    expect((await srv.get(`/state?session_id=${a.body.session_id}`)).status).toBe(404);
    const ep = await srv.get("/episodes/idle-one");
    expect(ep.status).toBe(200);
    expect(ep.body.summary.buyer_moves).toBe(1);
    now += 61_000;
    expect(srv.service.sweep()).toBe(1);
    expect(srv.service.capacity().active_sessions).toBe(0);
  });
});
