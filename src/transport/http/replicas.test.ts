import type { ChildProcess } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Observation } from "../../../env/observation";
import { referenceRun, testBuyer } from "../../testing/buyer";
import { type EmbeddedPg, startEmbeddedPg } from "../../testing/embedded-pg";
import { postJson } from "../../testing/post-json";
import { runProcess } from "../../testing/run-process";
import { startServerProcess } from "../../testing/server-process";

const ROOT = new URL("../../..", import.meta.url).pathname;

let pg: EmbeddedPg;
const children: ChildProcess[] = [];
beforeAll(async () => {
  pg = await startEmbeddedPg({ fsync: false });
}, 60_000);
afterAll(async () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill("SIGKILL");
  await pg?.stop();
});

async function replica(db: string, id: string) {
  const server = await startServerProcess(["--db", db, "--replica-id", id]);
  children.push(server.child);
  return server;
}

const post = postJson;

describe("two replicas on one Postgres", () => {
  it("route by owner, refuse forged ids and duplicate replica ids, and fail over after kill -9 with nothing lost or applied twice", async () => {
    const db = await pg.freshDatabase("replicas");
    const a = await replica(db, "a");
    const b = await replica(db, "b");
    expect(a.listening.replica).toBe("a");

    // The exchange runs on one replica (a, started first): b answers its routes with a retryable 503.
    const agent = JSON.parse((await post(`${a.url}/agents`, { name: "probe" })).text) as {
      agent_id: string;
      token: string;
    };
    const elsewhere = await post(`${b.url}/agents`, { name: "other" });
    expect(elsewhere.status).toBe(503);
    expect(elsewhere.retryAfter).toBe("1");
    expect(JSON.parse(elsewhere.text).error.code).toBe("EXCHANGE_ELSEWHERE");
    expect((await fetch(`${a.url}/ready/exchange`)).status).toBe(200);
    expect((await fetch(`${b.url}/ready/exchange`)).status).toBe(503);

    // The same replica id again: refused at startup, with the reason.
    const dup = await runProcess(process.execPath, [
      "--import",
      "tsx",
      `${ROOT}src/cli/main.ts`,
      "serve",
      "--port",
      "0",
      "--db",
      db,
      "--replica-id",
      "a",
    ]);
    expect(dup.code).toBe(1);
    expect(dup.stderr).toContain('Replica id "a" is already held by a live server');

    const reset = await post(`${a.url}/reset`, { task: "career_10", seed: 21, episode_id: "rep" });
    const sid = JSON.parse(reset.text).session_id as string;
    expect(sid.startsWith("a.")).toBe(true);
    const observations = [JSON.stringify(JSON.parse(reset.text).observation)];
    let obs = JSON.parse(reset.text).observation as Observation;
    let last = "";
    const step = (url: string) =>
      post(`${url}/step`, {
        session_id: sid,
        action: testBuyer(obs, obs.current_round),
        request_id: `s${observations.length}`,
      });
    const accept = (text: string) => {
      const body = JSON.parse(text);
      last = text;
      observations.push(JSON.stringify(body.observation));
      obs = body.observation;
      return body.done === true;
    };
    for (let i = 0; i < 6; i++) expect(accept((await step(a.url)).text)).toBe(false);

    // Misrouted while the owner lives: a retryable 503, never a 404 that loses the episode.
    const misrouted = await step(b.url);
    expect(misrouted.status).toBe(503);
    expect(misrouted.retryAfter).toBe("1");
    expect(JSON.parse(misrouted.text).error.code).toBe("SESSION_ELSEWHERE");
    // A batch sent to b with a's session: that item alone answers 503 (no forwarding between
    // replicas; HAProxy routes a batch by its first session), b's own item is stepped.
    const own = JSON.parse((await post(`${b.url}/reset`, { task: "single_deal", seed: 3 })).text);
    const batch = await post(`${b.url}/batch/step`, {
      steps: [
        { session_id: own.session_id, action: { type: "offer", price: 1 } },
        { session_id: sid, action: testBuyer(obs, obs.current_round), request_id: "batch-a" },
      ],
    });
    expect(batch.status).toBe(200);
    const [mine, theirs] = JSON.parse(batch.text).results;
    expect(mine.session_id).toBe(own.session_id);
    expect(mine.observation).toBeDefined();
    expect(theirs).toMatchObject({ session_id: sid, status: 503, error: { code: "SESSION_ELSEWHERE" } });
    // A forged id naming a replica that does not exist: 404.
    const forged = await post(`${b.url}/step`, {
      session_id: "zz.AAAAAAAAAAAAAAAAAAAAAA",
      action: { type: "walk" },
    });
    expect(forged.status).toBe(404);

    a.child.kill("SIGKILL");
    const killedAt = Date.now();
    // The last acknowledged step, retried on the survivor: answered from storage, not replayed.
    let retried = await post(`${b.url}/step`, {
      session_id: sid,
      action: { type: "walk" },
      request_id: `s${observations.length - 1}`,
    });
    while (retried.status === 503) {
      expect(JSON.parse(retried.text).error.code).toBe("SESSION_ELSEWHERE");
      await new Promise((r) => setTimeout(r, 200));
      retried = await post(`${b.url}/step`, {
        session_id: sid,
        action: { type: "walk" },
        request_id: `s${observations.length - 1}`,
      });
    }
    expect(retried.status).toBe(200);
    expect(retried.text).toBe(last);
    expect(Date.now() - killedAt).toBeLessThan(15_000);
    let done = false;
    while (!done) {
      const r = await step(b.url);
      expect(r.status).toBe(200);
      done = accept(r.text);
    }
    expect(observations).toEqual(referenceRun("career_10", 21, "rep").observations);

    // The exchange moved to b with the agent registered on a: same token, balanced ledger.
    const me = async () =>
      fetch(`${b.url}/agents/me`, { headers: { "x-agent-token": agent.token } }).then(async (r) => ({
        status: r.status,
        body: (await r.json()) as { agent_id?: string },
      }));
    let moved = await me();
    for (let i = 0; i < 50 && moved.status === 503; i++) {
      await new Promise((r) => setTimeout(r, 200));
      moved = await me();
    }
    expect(moved).toEqual({ status: 200, body: expect.objectContaining({ agent_id: agent.agent_id }) });
    expect((await fetch(`${b.url}/ready/exchange`)).status).toBe(200);
    const ledger = (await (await fetch(`${b.url}/ledger/reconcile`)).json()) as { balanced: boolean };
    expect(ledger.balanced).toBe(true);
  }, 90_000);
});
