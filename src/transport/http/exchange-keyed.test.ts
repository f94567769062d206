import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { readSse } from "../../exchange/testing/sse-reader";
import { readReply, startTestServer, type TestServer } from "../../testing/test-server";
import { AGENT_TOKEN_HEADER } from "../../wire/exchange";
import { TICKET_TTL_MS } from "./stream-tickets";

/**
 * The exchange on a server with API keys, end to end on a real server: registration needs a
 * key and is rate-limited per key, an admin key revokes any agent, and the tape stream opens
 * for a browser with a short-lived read-only ticket that can do nothing else.
 */
const KEY = "keyed-exchange-key-7f3a9b2c";
const OTHER = "keyed-exchange-key-2-c8d1e4f0";
const ADMIN = "keyed-exchange-admin-5e6d7c8b";
const clock = { t: Date.now() };
let srv: TestServer;

beforeAll(async () => {
  srv = await startTestServer(
    { apiKeys: [KEY, OTHER], adminKeys: [ADMIN], agentRegistrationsPerMin: 2, keyRate: 1000 },
    () => clock.t,
  );
});
afterAll(() => srv.close());

const call = async (method: string, path: string, key: string | null, body?: unknown, token?: string) =>
  readReply(
    await fetch(`${srv.url}${path}`, {
      method,
      headers: {
        "content-type": "application/json",
        ...(key === null ? {} : { authorization: `Bearer ${key}` }),
        ...(token === undefined ? {} : { [AGENT_TOKEN_HEADER]: token }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    }),
  );
const register = (key: string | null, name = "agent") => call("POST", "/agents", key, { name });

describe("registration on a keyed server", () => {
  it("needs an API key or an admin key, and is rate-limited per key with a clear 429", async () => {
    expect((await register(null)).status).toBe(401);
    expect((await register("not-a-key-at-all-0000")).status).toBe(401);
    expect((await register(OTHER, "one")).status).toBe(201);
    expect((await register(OTHER, "two")).status).toBe(201);
    const third = await register(OTHER, "three");
    expect(third.status).toBe(429);
    expect(third.body.error.code).toBe("RATE_LIMITED");
    expect(Number(third.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(third.body.error.message).toMatch(/retry in \d+ s/);
    // Each key has its own allowance; a bad body is refused before it is charged.
    expect((await call("POST", "/agents", ADMIN, { name: "" })).status).toBe(422);
    expect((await register(ADMIN, "by-admin")).status).toBe(201);
    // The allowance refills with time: after Retry-After the key registers again.
    clock.t += Number(third.headers.get("retry-after")) * 1000;
    expect((await register(OTHER, "four")).status).toBe(201);
  });
});

describe("admin revocation", () => {
  it("revokes any agent with the admin key: 401 without a key, 403 with an ordinary one, 404 unknown, idempotent", async () => {
    const a = await register(KEY, "target");
    const id = a.body.agent_id as string;
    expect((await call("GET", "/agents/me", KEY, undefined, a.body.token)).status).toBe(200);

    const ws = new WebSocket(`${srv.url.replace("http", "ws")}/agents/ws`, {
      headers: { authorization: `Bearer ${KEY}`, [AGENT_TOKEN_HEADER]: a.body.token },
    });
    await new Promise((resolve, reject) => {
      ws.once("open", resolve);
      ws.once("error", reject);
    });
    const closed = new Promise<number>((resolve) => ws.once("close", (code) => resolve(code)));

    expect((await call("DELETE", `/agents/${id}`, null)).status).toBe(401);
    const ordinary = await call("DELETE", `/agents/${id}`, KEY);
    expect(ordinary.status).toBe(403);
    expect(ordinary.body.error.code).toBe("ADMIN_REQUIRED");
    expect((await call("GET", "/agents/me", KEY, undefined, a.body.token)).status).toBe(200);

    const done = await call("DELETE", `/agents/${id}`, ADMIN);
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ agent_id: id, revoked: true });
    expect(await closed).toBe(4001);
    expect((await call("GET", "/agents/me", KEY, undefined, a.body.token)).status).toBe(401);
    expect((await call("DELETE", `/agents/${id}`, ADMIN)).body).toEqual({ agent_id: id, revoked: true });
    expect((await call("DELETE", "/agents/ag_0000000000000000", ADMIN)).status).toBe(404);
    expect((await call("DELETE", "/agents/%3Cscript%3E", ADMIN)).status).toBe(404);
  });
});

describe("the tape stream for browsers (EventSource cannot send Authorization)", () => {
  it("opens with a short-lived ticket from an authenticated POST; without one it is 401", async () => {
    const req = await register(KEY, "requester");
    expect(
      (
        await call(
          "POST",
          "/markets/listings",
          KEY,
          { seller: "bazaar-default@1", goods: 0, units: 1, duration_ms: 60_000 },
          req.body.token,
        )
      ).status,
    ).toBe(201);
    expect((await readSse(`${srv.url}/markets/stream`, {}, () => true)).status).toBe(401);
    expect((await call("POST", "/markets/stream/ticket", null)).status).toBe(401);
    const t = await call("POST", "/markets/stream/ticket", KEY);
    expect(t.status).toBe(201);
    expect(t.body.expires_at).toBe(clock.t + TICKET_TTL_MS);
    const ticket = t.body.ticket as string;
    const stream = await readSse(`${srv.url}/markets/stream?ticket=${ticket}`, {}, (e) => e.length >= 1);
    expect(stream.status).toBe(200);
    expect(JSON.parse(stream.events[0]?.data ?? "{}").entry.kind).toBe("listing_opened");
    // A forged or garbled ticket is no ticket.
    expect(
      (await readSse(`${srv.url}/markets/stream?ticket=st_${"A".repeat(32)}`, {}, () => true)).status,
    ).toBe(401);
    expect((await readSse(`${srv.url}/markets/stream?ticket=${ticket}x`, {}, () => true)).status).toBe(401);
  });

  it("a ticket cannot act or read anything else, as a query param or as a bearer key", async () => {
    const ticket = (await call("POST", "/markets/stream/ticket", KEY)).body.ticket as string;
    for (const path of ["/ledger/pnl", "/markets", "/agents/me", "/markets/ratings"])
      expect((await call("GET", `${path}?ticket=${ticket}`, null)).status).toBe(401);
    expect((await call("POST", `/agents?ticket=${ticket}`, null, { name: "sneaky" })).status).toBe(401);
    expect((await call("GET", "/ledger/pnl", ticket)).status).toBe(401);
    expect((await call("POST", "/markets/stream/ticket", ticket)).status).toBe(401);
    expect(
      (await readSse(`${srv.url}/markets/stream`, { authorization: `Bearer ${ticket}` }, () => true)).status,
    ).toBe(401);
  });

  it("expires: after its lifetime the ticket opens nothing", async () => {
    const ticket = (await call("POST", "/markets/stream/ticket", KEY)).body.ticket as string;
    clock.t += TICKET_TTL_MS + 1;
    expect((await readSse(`${srv.url}/markets/stream?ticket=${ticket}`, {}, () => true)).status).toBe(401);
  });
});
