import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { ConfigError, DEFAULT_CONFIG, type ServerConfig } from "../../config/config";
import { createLogger } from "../../log/logger";
import { readReply, type TestReply } from "../../testing/test-server";
import { type RunningServer, startServer } from "../server";

const K1 = "trainer-one-8c1f0e4b9a7d";
const K2 = "trainer-two-5d2e9b1c7f3a";
const WRONG = "intruder-key-0000000000";
const TTL_S = 60;

const dir = mkdtempSync(join(tmpdir(), "bazaar-keys-"));
const logs: string[] = [];
let clock = 1_000_000;
let srv: RunningServer;

async function start(over: Partial<ServerConfig>): Promise<RunningServer> {
  const config: ServerConfig = { ...DEFAULT_CONFIG, port: 0, host: "127.0.0.1", db: ":memory:", ...over };
  return startServer(config, {
    logger: createLogger("debug", (l) => logs.push(l)),
    now: () => clock,
    drainMs: 1000,
  });
}

beforeAll(async () => {
  const file = join(dir, "keys.txt");
  writeFileSync(file, `# one key per line\n${K2}\n`);
  srv = await start({
    apiKeys: [K1],
    apiKeysFile: file,
    keyMaxSessions: 2,
    keyRate: 1000,
    sessionTtlS: TTL_S,
  });
});
afterAll(async () => {
  await srv.close();
  rmSync(dir, { recursive: true, force: true });
});

async function req(path: string, key: string | null, body?: unknown, base = srv.url): Promise<TestReply> {
  const res = await fetch(`${base}${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: {
      ...(body === undefined ? {} : { "content-type": "application/json" }),
      ...(key === null ? {} : { authorization: `Bearer ${key}` }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    redirect: "manual",
  });
  return readReply(res);
}

const reset = (key: string | null, body: unknown = { seed: 1 }) => req("/reset", key, body);

function wsStatus(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; ws: WebSocket }> {
  return new Promise((resolve) => {
    const ws = new WebSocket(url, { headers });
    ws.on("unexpected-response", (_r, res) => resolve({ status: res.statusCode ?? 0, ws }));
    ws.on("open", () => resolve({ status: 101, ws }));
    ws.on("error", () => undefined);
  });
}

describe("API keys (issue 10, access control)", () => {
  it("/health, /, /web and the /docs page are open; every API route needs a key", async () => {
    for (const path of ["/health", "/ready", "/web/", "/docs"])
      expect((await req(path, null)).status).toBe(200);
    expect((await req("/", null)).status).toBe(302);
    for (const path of [
      "/tasks",
      "/sellers",
      "/openapi.json",
      "/schema",
      "/metadata",
      "/state?session_id=x",
    ]) {
      const r = await req(path, null);
      expect(r.status).toBe(401);
      expect(r.body.error.code).toBe("UNAUTHORIZED");
      expect(r.headers.get("www-authenticate")).toMatch(/^Bearer/);
    }
    for (const path of ["/reset", "/step", "/batch/reset", "/close", "/mcp"]) {
      expect((await req(path, null, {})).status).toBe(401);
    }
  });

  it("a wrong key is a 401 invalid_token that never echoes the key; nothing is created", async () => {
    const before = srv.store.counts();
    const r = await reset(WRONG);
    expect(r.status).toBe(401);
    expect(r.headers.get("www-authenticate")).toContain('error="invalid_token"');
    expect(r.text).not.toContain(WRONG);
    expect(srv.store.counts()).toEqual(before);
  });

  it("keys from the variable and from the file both work", async () => {
    expect((await req("/tasks", K1)).status).toBe(200);
    expect((await req("/tasks", K2)).status).toBe(200);
  });

  it("caps live sessions per key (429 + Retry-After); closing, or the session expiring, frees a slot", async () => {
    const a = await reset(K1);
    const b = await reset(K1);
    expect([a.status, b.status]).toEqual([200, 200]);
    const before = srv.store.counts();
    const over = await reset(K1);
    expect(over.status).toBe(429);
    expect(over.body.error.code).toBe("RATE_LIMITED");
    expect(Number(over.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await req("/batch/reset", K1, { count: 1 })).status).toBe(429);
    const mcp = await req("/mcp", K1, { jsonrpc: "2.0", id: 1, method: "openenv/session/create" });
    expect(mcp.status).toBe(429);
    expect(srv.store.counts()).toEqual(before);
    // Another key is not affected, and the capped key may still drive its sessions.
    const other = await reset(K2);
    expect(other.status).toBe(200);
    const step = await req("/step", K1, {
      session_id: a.body.session_id,
      action: { type: "offer", price: 5 },
    });
    expect(step.status).toBe(200);
    expect((await reset(K1, { session_id: a.body.session_id, seed: 2 })).status).toBe(200);

    expect((await req("/close", K1, { session_id: a.body.session_id })).status).toBe(200);
    const c = await reset(K1);
    expect(c.status).toBe(200);
    expect((await reset(K1)).status).toBe(429);

    // Sessions past their TTL stop counting, though nobody closed them.
    clock += (TTL_S + 1) * 1000;
    const d = await reset(K1);
    expect(d.status).toBe(200);
    for (const s of [d, other]) await req("/close", s === d ? K1 : K2, { session_id: s.body.session_id });
  });

  it("a batch reset asking for more sessions than the key has left is refused whole", async () => {
    const r = await req("/batch/reset", K2, { count: 3 });
    expect(r.status).toBe(429);
    const ok = await req("/batch/reset", K2, { count: 2 });
    expect(ok.status).toBe(200);
    expect((await reset(K2)).status).toBe(429);
    for (const item of ok.body.results) {
      expect((await req("/close", K2, { session_id: item.session_id })).status).toBe(200);
    }
  });

  it("the WebSocket takes the key as a header or ?api_key=, and each connection holds a slot", async () => {
    const ws = `${srv.url.replace("http", "ws")}/ws`;
    expect((await wsStatus(ws)).status).toBe(401);
    expect((await wsStatus(`${ws}?api_key=${WRONG}`)).status).toBe(401);
    const one = await wsStatus(ws, { authorization: `Bearer ${K2}` });
    const two = await wsStatus(`${ws}?api_key=${K2}`);
    expect([one.status, two.status]).toEqual([101, 101]);
    expect((await wsStatus(ws, { authorization: `Bearer ${K2}` })).status).toBe(429);
    expect((await reset(K2)).status).toBe(429);
    const gone = new Promise((r) => one.ws.once("close", r));
    one.ws.close();
    await gone;
    let freed = false;
    for (let i = 0; i < 50 && !freed; i++) {
      await new Promise((r) => setTimeout(r, 20));
      const r = await reset(K2);
      freed = r.status === 200;
      if (freed) await req("/close", K2, { session_id: r.body.session_id });
    }
    expect(freed).toBe(true);
    two.ws.close();
  });

  it("no log line carries a key", () => {
    const all = logs.join("\n");
    expect(all).toContain("server listening");
    for (const k of [K1, K2, WRONG]) expect(all).not.toContain(k);
  });
});

describe("per-key request rate", () => {
  it("answers 429 with Retry-After past the rate, per key", async () => {
    const slow = await start({ apiKeys: [K1, K2], keyRate: 2 });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 3; i++) codes.push((await req("/tasks", K1, undefined, slow.url)).status);
      expect(codes).toEqual([200, 200, 429]);
      const r = await req("/tasks", K1, undefined, slow.url);
      expect(r.status).toBe(429);
      expect(r.headers.get("retry-after")).toBe("1");
      expect(r.body.error.code).toBe("RATE_LIMITED");
      expect((await req("/tasks", K2, undefined, slow.url)).status).toBe(200);
      expect((await req("/health", null, undefined, slow.url)).status).toBe(200);
      clock += 1000;
      expect((await req("/tasks", K1, undefined, slow.url)).status).toBe(200);
    } finally {
      await slow.close();
    }
  });
});

describe("key configuration", () => {
  it("refuses short keys and a missing keys file at startup, without quoting keys", async () => {
    await expect(start({ apiKeys: ["short-secret"] })).rejects.toThrow(ConfigError);
    await expect(start({ apiKeys: ["short-secret"] })).rejects.not.toThrow(/short-secret/);
    await expect(start({ apiKeysFile: join(dir, "nope.txt") })).rejects.toThrow(/ENOENT/);
  });

  it("is off by default: the server is open", async () => {
    const open = await start({});
    try {
      expect((await req("/tasks", null, undefined, open.url)).status).toBe(200);
      expect(logs.some((l) => l.includes('"api_keys":"off"'))).toBe(true);
    } finally {
      await open.close();
    }
  });
});
