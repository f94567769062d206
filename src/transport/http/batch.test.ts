import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../testing/test-server";

let srv: TestServer;
beforeAll(async () => {
  srv = await startTestServer();
});
afterAll(async () => {
  await srv.close();
});

describe("batch endpoints", () => {
  it("an int seed s seeds items s, s+1, … (Gymnasium vector semantics)", async () => {
    const r = await srv.post("/batch/reset", { count: 3, seeds: 40, task: "amazon_realistic" });
    expect(r.status).toBe(200);
    expect(r.body.results.map((x: { info: { seed: number } }) => x.info.seed)).toEqual([40, 41, 42]);
    const single = await srv.post("/reset", { seed: 41, task: "amazon_realistic" });
    expect(r.body.results[1].observation).toEqual(single.body.observation);
  });

  it("a seed list must have exactly count entries; null draws a seed", async () => {
    const ok = await srv.post("/batch/reset", { count: 2, seeds: [7, null] });
    expect(ok.body.results[0].info.seed).toBe(7);
    expect(Number.isInteger(ok.body.results[1].info.seed)).toBe(true);
    const bad = await srv.post("/batch/reset", { count: 3, seeds: [1, 2] });
    expect(bad.status).toBe(422);
    expect(bad.body.detail[0].loc).toEqual(["body", "seeds"]);
  });

  it("steps many sessions in one request; a bad item fails only itself", async () => {
    const opened = await srv.post("/batch/reset", { count: 2, seed: 3 });
    const [a, b] = opened.body.results.map((x: { session_id: string }) => x.session_id);
    const r = await srv.post("/batch/step", {
      steps: [
        { session_id: a, action: { type: "offer", price: 30 } },
        { session_id: "missing", action: { type: "offer", price: 30 } },
        { session_id: b, action: { type: "offer", price: "x" } },
        { session_id: b, action: { type: "walk" } },
        42,
      ],
    });
    expect(r.status).toBe(200);
    const [ra, rMissing, rBad, rb, rJunk] = r.body.results;
    expect(ra).toMatchObject({ session_id: a, done: false, observation: { current_round: 1 } });
    expect(rMissing).toMatchObject({ status: 404, error: { code: "SESSION_NOT_FOUND" } });
    expect(rBad).toMatchObject({ status: 422, session_id: b, error: { code: "VALIDATION_ERROR" } });
    expect(rb).toMatchObject({ session_id: b, done: true, terminated: true });
    expect(rJunk).toMatchObject({ status: 422, session_id: null });
  });

  it("resets existing sessions in place by id", async () => {
    const opened = await srv.post("/batch/reset", { count: 2 });
    const ids = opened.body.results.map((x: { session_id: string }) => x.session_id);
    const again = await srv.post("/batch/reset", { session_ids: [...ids, "nope"], seeds: [1, 2, 3] });
    expect(again.body.results.map((x: { session_id: string }) => x.session_id)).toEqual([...ids, "nope"]);
    expect(again.body.results[2]).toMatchObject({ status: 404 });
  });

  it("rejects a malformed batch as a whole only when its envelope is wrong", async () => {
    expect((await srv.post("/batch/step", { steps: [] })).status).toBe(422);
    expect((await srv.post("/batch/step", { nope: 1 })).status).toBe(422);
  });
});
