import pgClient from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import type { Observation } from "../../../env/observation";
import { DEFAULT_CONFIG } from "../../config/config";
import { referenceRun, testBuyer } from "../../testing/buyer";
import { type EmbeddedPg, freePort, startEmbeddedPg } from "../../testing/embedded-pg";
import { postJson } from "../../testing/post-json";
import { runProcess } from "../../testing/run-process";
import { ReadyResponse } from "../../wire/catalog";
import { type RunningServer, startServer } from "../server";

const ROOT = new URL("../../..", import.meta.url).pathname;

let pg: EmbeddedPg;
beforeAll(async () => {
  pg = await startEmbeddedPg({ fsync: false });
}, 60_000);
afterAll(async () => {
  await pg?.stop();
});

async function post(url: string, body: unknown) {
  const r = await postJson(url, body);
  return { ...r, body: JSON.parse(r.text) };
}

const serve = (db: string, extra: Partial<typeof DEFAULT_CONFIG> = {}): Promise<RunningServer> =>
  startServer({ ...DEFAULT_CONFIG, port: 0, host: "127.0.0.1", db, logLevel: "silent", ...extra });

async function until(what: () => Promise<boolean>, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (!(await what())) {
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe("bazaar serve on Postgres", () => {
  it("exits 1 with a clear message, and no password, when Postgres is unreachable at start", async () => {
    const port = await freePort();
    const r = await runProcess(
      process.execPath,
      ["--import", "tsx", `${ROOT}src/cli/main.ts`, "serve", "--port", "0", "--host", "127.0.0.1"],
      { BAZAAR_DB: `postgres://bazaar:s3cret-pw@127.0.0.1:${port}/bazaar` },
    );
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(
      "bazaar serve: Postgres unavailable: cannot connect to postgres://bazaar:***@127.0.0.1",
    );
    expect(r.stderr).not.toContain("s3cret-pw");
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });

  it("a mid-run outage answers 503 STORAGE_UNAVAILABLE with Retry-After and /ready false; the episode finishes exactly once it returns", async () => {
    const server = await serve(await pg.freshDatabase("outage"));
    try {
      const ready = await fetch(`${server.url}/ready`);
      expect(ready.status).toBe(200);
      expect(ReadyResponse.parse(await ready.json())).toEqual({ ready: true, draining: false, db: "ok" });
      const reset = await post(`${server.url}/reset`, { task: "career_10", seed: 12, episode_id: "pg-out" });
      const sid = reset.body.session_id as string;
      const observations = [JSON.stringify(reset.body.observation)];
      let obs = reset.body.observation as Observation;
      const step = () =>
        post(`${server.url}/step`, {
          session_id: sid,
          action: testBuyer(obs, obs.current_round),
          request_id: `r${observations.length}`,
        });
      const accept = (r: Awaited<ReturnType<typeof step>>) => {
        observations.push(JSON.stringify(r.body.observation));
        obs = r.body.observation;
        return r.body.done === true;
      };
      for (let i = 0; i < 5; i++) expect(accept(await step())).toBe(false);

      await pg.pause();
      const refused = await step();
      expect(refused.status).toBe(503);
      expect(refused.retryAfter).toBe("2");
      expect(refused.body.error.code).toBe("STORAGE_UNAVAILABLE");
      expect(JSON.stringify(refused.body)).not.toMatch(/127\.0\.0\.1|bazaar-test|ECONNREFUSED/);
      const notReady = await fetch(`${server.url}/ready`);
      expect(notReady.status).toBe(503);
      expect(await notReady.json()).toMatchObject({ ready: false, db: "unavailable" });
      expect((await (await fetch(`${server.url}/health`)).json()).db).toBe("unavailable");
      // Still down: refused again, at once rather than after a timeout.
      expect((await step()).status).toBe(503);

      await pg.resume();
      await until(async () => (await fetch(`${server.url}/ready`)).status === 200, 10_000);
      let done = false;
      while (!done) {
        const r = await step();
        expect(r.status).toBe(200);
        done = accept(r);
      }
      expect(observations).toEqual(referenceRun("career_10", 12, "pg-out").observations);
    } finally {
      await server.close();
    }
  }, 60_000);

  it("the exchange during a Postgres outage answers a retryable 503 (never a 500) and registers again once Postgres is back, old tokens intact", async () => {
    const server = await serve(await pg.freshDatabase("exchange_outage"));
    try {
      await until(async () => (await post(`${server.url}/agents`, { name: "warm" })).status === 201, 10_000);
      const first = await post(`${server.url}/agents`, { name: "before" });
      const token = first.body.token as string;
      const me = () => fetch(`${server.url}/agents/me`, { headers: { "x-agent-token": token } });
      await pg.pause();
      const refused = await post(`${server.url}/agents`, { name: "during" });
      expect(refused.status).toBe(503);
      expect(refused.body.error.code).toMatch(/^(STORAGE_UNAVAILABLE|EXCHANGE_ELSEWHERE)$/);
      expect(refused.retryAfter).not.toBeNull();
      expect(JSON.stringify(refused.body)).not.toMatch(/127\.0\.0\.1|bazaar-test|ECONNREFUSED/);
      await pg.resume();
      await until(async () => (await fetch(`${server.url}/ready`)).status === 200, 15_000);
      let after = await post(`${server.url}/agents`, { name: "after" });
      for (let i = 0; i < 40 && after.status !== 201; i++) {
        await new Promise((r) => setTimeout(r, 250));
        after = await post(`${server.url}/agents`, { name: "after" });
      }
      expect(after.body).toMatchObject({ name: "after" });
      expect(after.status).toBe(201);
      expect((await me()).status).toBe(200);
      const board = (await (
        await fetch(`${server.url}/agents/me`, { headers: { "x-agent-token": after.body.token } })
      ).json()) as { name: string };
      expect(board.name).toBe("after");
    } finally {
      await server.close();
    }
  }, 60_000);

  it("when another replica takes the exchange over, agents' WebSockets close with 1012 and reconnect to the holder", async () => {
    const url = await pg.freshDatabase("exchange_moved");
    const server = await serve(url);
    const db = new pgClient.Client(url);
    await db.connect();
    try {
      let agent = await post(`${server.url}/agents`, { name: "mover" });
      await until(async () => {
        agent = await post(`${server.url}/agents`, { name: "mover" });
        return agent.status === 201;
      }, 10_000);
      const token = agent.body.token as string;
      const wsUrl = `${server.url.replace("http", "ws")}/agents/ws`;
      const open = (): Promise<WebSocket> =>
        new Promise((resolve, reject) => {
          const ws = new WebSocket(wsUrl, { headers: { "x-agent-token": token } });
          ws.once("open", () => resolve(ws));
          ws.once("error", reject);
        });
      const ws = await open();
      const closed = new Promise<{ code: number; reason: string }>((resolve) =>
        ws.once("close", (code, reason) => resolve({ code, reason: reason.toString() })),
      );
      // Another instance claims the lease, as a replica taking over from a presumed-dead holder does.
      await db.query("UPDATE exchange_lease SET instance = 'another-replica', epoch = epoch + 1");
      expect(await closed).toEqual({
        code: 1012,
        reason: "the exchange moved to another replica: reconnect",
      });
      // Nobody live holds it now, so this replica takes it back; the agent's token still works.
      let again: WebSocket | null = null;
      await until(async () => {
        again = await open().catch(() => null);
        return again !== null;
      }, 10_000);
      (again as WebSocket | null)?.close();
    } finally {
      await db.end();
      await server.close();
    }
  }, 60_000);

  it("draining: /ready turns false at once while requests are still served, then the server stops", async () => {
    const server = await serve(await pg.freshDatabase("drain"), { drainGraceS: 1 });
    const reset = await post(`${server.url}/reset`, { seed: 3 });
    const stopped = server.close();
    const ready = await fetch(`${server.url}/ready`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ ready: false, draining: true });
    // In-flight and follow-up work still lands during the grace period.
    const step = await post(`${server.url}/step`, {
      session_id: reset.body.session_id,
      action: { type: "walk" },
    });
    expect(step.status).toBe(200);
    await stopped;
    await expect(fetch(`${server.url}/ready`)).rejects.toThrow();
  });
});
