import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestReply, type TestServer } from "../../testing/test-server";
import { expectUnchanged } from "../../testing/unchanged";
import { WsProbe } from "../../testing/ws-probe";

let srv: TestServer;
let sid: string;

beforeAll(async () => {
  srv = await startTestServer({ bodyLimitKb: 64 });
  sid = (await srv.post("/reset", { seed: 1 })).body.session_id;
});
afterAll(async () => {
  await srv.close();
});

const unchanged = (fn: () => Promise<TestReply>) => expectUnchanged(srv, sid, fn);

function expectError(r: TestReply, status: number, code: string): void {
  expect(r.status).toBe(status);
  expect(r.headers.get("content-type")).toContain("application/json");
  expect(r.body.error.code).toBe(code);
}

const nested = (depth: number): string => "[".repeat(depth) + "]".repeat(depth);

describe("JSON nesting depth (issue 10, item 8)", () => {
  it("5,000 and 10,000 levels deep get a 422 NESTING_TOO_DEEP that does not echo the body", async () => {
    for (const depth of [5_000, 10_000]) {
      for (const raw of [
        nested(depth),
        `{"session_id":"${sid}","action":${nested(depth)}}`,
        `{"session_id":"${sid}","action":{"type":"offer","price":1,"message":${'{"a":'.repeat(depth)}1${"}".repeat(depth)}}}`,
      ]) {
        const r = await unchanged(() => srv.postRaw("/step", raw));
        expectError(r, 422, "NESTING_TOO_DEEP");
        expect(r.text.length).toBeLessThan(400);
      }
    }
    expectError(await unchanged(() => srv.postRaw("/reset", nested(5_000))), 422, "NESTING_TOO_DEEP");
    expectError(await unchanged(() => srv.postRaw("/batch/step", nested(5_000))), 422, "NESTING_TOO_DEEP");
  });

  it("the limit is 64: a body 64 deep is read and validated as usual", async () => {
    const r = await unchanged(() => srv.postRaw("/step", `{"session_id":"${sid}","action":${nested(63)}}`));
    expectError(r, 422, "VALIDATION_ERROR");
  });

  it("MCP answers a JSON-RPC parse error, the WebSocket an INVALID_JSON frame, and both keep serving", async () => {
    const mcp = await srv.postRaw("/mcp", nested(5_000));
    expect(mcp.status).toBe(200);
    expect(mcp.body.error.code).toBe(-32700);
    const ws = await WsProbe.open(`${srv.url.replace("http", "ws")}/ws`);
    const err = await ws.ask(`{"type":"step","data":${nested(5_000)}}`);
    expect(err).toMatchObject({ type: "error", data: { code: "INVALID_JSON" } });
    expect((await ws.ask({ type: "reset", data: { seed: 3 } })).type).toBe("observation");
    ws.close();
    await ws.closed();
  });
});

describe("validation errors echo a bounded input", () => {
  it("a 60 KB string in a wrong-typed field comes back cut to a few hundred bytes", async () => {
    const big = "9".repeat(60_000);
    const r = await unchanged(() =>
      srv.post("/step", { session_id: sid, action: { type: "offer", price: big } }),
    );
    expectError(r, 422, "VALIDATION_ERROR");
    expect(r.body.detail[0].loc).toEqual(["price"]);
    expect(r.body.detail[0].input).toContain("more characters");
    expect(r.text.length).toBeLessThan(1_000);
  });

  it("a missing field echoes its parent object bounded, however wide", async () => {
    const wide = Object.fromEntries(Array.from({ length: 2_000 }, (_, i) => [`k${i}`, i]));
    const r = await unchanged(() => srv.post("/step", { ...wide, session_id: sid }));
    expectError(r, 422, "VALIDATION_ERROR");
    expect(r.text.length).toBeLessThan(8_000);
  });

  it("over the WebSocket too", async () => {
    const ws = await WsProbe.open(`${srv.url.replace("http", "ws")}/ws`);
    const err = await ws.ask({ type: "step", data: { type: "offer", price: "9".repeat(60_000) } });
    expect(err.data.code).toBe("VALIDATION_ERROR");
    expect(JSON.stringify(err).length).toBeLessThan(1_000);
    ws.close();
    await ws.closed();
  });
});

describe("JSON routes and content types", () => {
  const body = JSON.stringify({ seed: 5 });

  it("text/plain and form encodings get a 415 UNSUPPORTED_MEDIA_TYPE and create nothing", async () => {
    for (const type of [
      "text/plain",
      "text/plain;charset=UTF-8",
      "application/x-www-form-urlencoded",
      "multipart/form-data; boundary=x",
    ]) {
      for (const path of ["/reset", "/step", "/batch/reset", "/close", "/highlight"]) {
        const r = await unchanged(() => srv.postRaw(path, body, { "content-type": type }));
        expectError(r, 415, "UNSUPPORTED_MEDIA_TYPE");
      }
      const mcp = await srv.postRaw("/mcp", '{"jsonrpc":"2.0","id":1,"method":"openenv/session/create"}', {
        "content-type": type,
      });
      expectError(mcp, 415, "UNSUPPORTED_MEDIA_TYPE");
    }
  });

  it("application/json with a charset, and no content-type at all (curl -X POST), are read", async () => {
    const a = await srv.postRaw("/reset", body, { "content-type": "Application/JSON; charset=utf-8" });
    expect(a.status).toBe(200);
    const res = await fetch(`${srv.url}/reset`, { method: "POST" });
    expect(res.headers.get("content-type")).toContain("application/json");
    expect(res.status).toBe(200);
    for (const id of [a.body.session_id, ((await res.json()) as { session_id: string }).session_id]) {
      expect((await srv.post("/close", { session_id: id })).status).toBe(200);
    }
  });
});
