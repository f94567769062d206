import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestReply, type TestServer } from "../../testing/test-server";
import { expectUnchanged } from "../../testing/unchanged";

let srv: TestServer;
let sid: string;
let doneSid: string;

beforeAll(async () => {
  srv = await startTestServer({ bodyLimitKb: 4 });
  sid = (await srv.post("/reset", { seed: 1 })).body.session_id;
  doneSid = (await srv.post("/reset", { seed: 2 })).body.session_id;
  await srv.post("/step", { session_id: doneSid, action: { type: "walk" } });
});
afterAll(async () => {
  await srv.close();
});

function expectError(r: TestReply, status: number, code: string): void {
  expect(r.status).toBe(status);
  expect(r.headers.get("content-type")).toContain("application/json");
  expect(r.body.error.code).toBe(code);
  expect(typeof r.body.error.message).toBe("string");
  expect(r.body.detail).toBeDefined();
  expect(r.text).not.toMatch(/at .*\.ts:\d+/);
}

const unchanged = (fn: () => Promise<TestReply>) => expectUnchanged(srv, sid, fn);

describe("bad input over HTTP", () => {
  it("malformed JSON is a 422 INVALID_JSON with a json_invalid detail", async () => {
    const r = await unchanged(() => srv.postRaw("/step", `{"session_id": "${sid}", "action": {`));
    expectError(r, 422, "INVALID_JSON");
    expect(r.body.detail[0].type).toBe("json_invalid");
    expectError(await unchanged(() => srv.postRaw("/reset", "{nope")), 422, "INVALID_JSON");
  });

  it("wrong types are 422 with pydantic-style locs, action fields relative to the action", async () => {
    const r = await unchanged(() =>
      srv.post("/step", { session_id: sid, action: { type: "offer", price: "forty" } }),
    );
    expectError(r, 422, "VALIDATION_ERROR");
    expect(r.body.detail[0]).toMatchObject({ loc: ["price"], input: "forty" });
    const seed = await unchanged(() => srv.post("/reset", { seed: -1 }));
    expectError(seed, 422, "VALIDATION_ERROR");
    expect(seed.body.detail[0]).toMatchObject({
      type: "greater_than_equal",
      loc: ["body", "seed"],
      input: -1,
    });
    const t = await unchanged(() => srv.post("/step", { session_id: sid, action: { type: "haggle" } }));
    expectError(t, 422, "VALIDATION_ERROR");
    expect(t.body.detail[0].loc).toEqual(["type"]);
    expectError(await unchanged(() => srv.post("/step", [1, 2])), 422, "VALIDATION_ERROR");
  });

  it("unknown fields inside the action are rejected", async () => {
    const r = await unchanged(() =>
      srv.post("/step", { session_id: sid, action: { type: "offer", price: 40, bribe: 5 } }),
    );
    expectError(r, 422, "VALIDATION_ERROR");
    expect(r.body.detail[0]).toMatchObject({ type: "extra_forbidden", loc: ["bribe"], input: 5 });
  });

  it("Infinity (1e999) and numeric strings are not prices", async () => {
    const inf = await unchanged(() =>
      srv.postRaw("/step", `{"session_id":"${sid}","action":{"type":"offer","price":1e999}}`),
    );
    expectError(inf, 422, "VALIDATION_ERROR");
    expect(inf.body.detail[0]).toMatchObject({ type: "finite_number", loc: ["price"] });
    const nan = await unchanged(() =>
      srv.post("/step", { session_id: sid, action: { type: "offer", price: "NaN" } }),
    );
    expectError(nan, 422, "VALIDATION_ERROR");
  });

  it("a negative price is a game-rule violation with a penalty, not a schema error (OPENENV §2.4)", async () => {
    const r = await srv.post("/reset", { seed: 3 });
    const s = await srv.post("/step", {
      session_id: r.body.session_id,
      action: { type: "offer", price: -5 },
    });
    expect(s.status).toBe(200);
    expect(s.body.info.violations).toContain("price_out_of_range");
    expect(s.body.info.reward_components.out_of_range_penalty).toBeLessThan(0);
    expect(s.body.observation.own_last_offer).toBe(0);
  });

  it("unknown task or seller is a 400 that lists what exists", async () => {
    const t = await unchanged(() => srv.post("/reset", { task: "haggle_forever" }));
    expectError(t, 400, "UNKNOWN_TASK");
    expect(t.body.error.message).toContain("single_deal");
    const s = await unchanged(() => srv.post("/reset", { seller: "nobody@9" }));
    expectError(s, 400, "UNKNOWN_SELLER");
    expect(s.body.error.details.available).toContain("bazaar-default@1");
  });

  it("a missing session id is a 422 that says /reset returns one; an unknown one is a 404", async () => {
    const m = await unchanged(() => srv.post("/step", { action: { type: "walk" } }));
    expectError(m, 422, "VALIDATION_ERROR");
    expect(m.body.detail[0]).toMatchObject({ type: "missing", loc: ["body", "session_id"] });
    expect(m.body.detail[0].msg).toContain("/reset");
    const q = await unchanged(() => srv.get("/state"));
    expectError(q, 422, "VALIDATION_ERROR");
    expect(q.body.detail[0]).toMatchObject({ type: "missing", loc: ["query", "session_id"] });
    expect(q.body.detail[0].msg).toContain("/reset");
    expectError(await unchanged(() => srv.get("/score")), 422, "VALIDATION_ERROR");
    expectError(
      await unchanged(() => srv.post("/step", { session_id: "nope", action: { type: "walk" } })),
      404,
      "SESSION_NOT_FOUND",
    );
    expectError(await unchanged(() => srv.get("/state?session_id=nope")), 404, "SESSION_NOT_FOUND");
    expectError(await unchanged(() => srv.post("/reset", { session_id: "nope" })), 404, "SESSION_NOT_FOUND");
    expectError(await unchanged(() => srv.post("/close", { session_id: "nope" })), 404, "SESSION_NOT_FOUND");
  });

  it("a step after done is a 409 EPISODE_DONE", async () => {
    const r = await unchanged(() =>
      srv.post("/step", { session_id: doneSid, action: { type: "offer", price: 40 } }),
    );
    expectError(r, 409, "EPISODE_DONE");
  });

  it("an oversized body is a 413, announced or chunked", async () => {
    const big = JSON.stringify({
      session_id: sid,
      action: { type: "offer", price: 40, message: "x".repeat(5000) },
    });
    expectError(await unchanged(() => srv.postRaw("/step", big)), 413, "PAYLOAD_TOO_LARGE");
    const chunked = await unchanged(async () => {
      const stream = new ReadableStream({
        start(c) {
          c.enqueue(new TextEncoder().encode(big));
          c.close();
        },
      });
      const res = await fetch(`${srv.url}/step`, {
        method: "POST",
        body: stream,
        headers: { "content-type": "application/json" },
        duplex: "half",
      } as RequestInit);
      const text = await res.text();
      return { status: res.status, headers: res.headers, body: JSON.parse(text), text };
    });
    expectError(chunked, 413, "PAYLOAD_TOO_LARGE");
  });

  it("unknown routes are a JSON 404", async () => {
    const r = await srv.get("/nowhere");
    expectError(r, 404, "NOT_FOUND");
    expect(r.body.detail).toBe("Not Found");
  });

  it("counterfactual input is validated", async () => {
    expectError(
      await unchanged(() =>
        srv.post("/episodes/none/counterfactual", { from_round: 1, action: { type: "walk" } }),
      ),
      404,
      "EPISODE_NOT_FOUND",
    );
    expectError(
      await unchanged(() =>
        srv.post("/episodes/none/counterfactual", { from_round: 0, action: { type: "walk" } }),
      ),
      422,
      "VALIDATION_ERROR",
    );
  });
});
