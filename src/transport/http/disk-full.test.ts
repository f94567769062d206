import type { ChildProcess } from "node:child_process";
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import type { Observation } from "../../../env/observation";
import { referenceRun, testBuyer } from "../../testing/buyer";
import { startServerProcess } from "../../testing/server-process";
import { storedEventCount } from "../../testing/stored-events";

const dir = mkdtempSync(join(tmpdir(), "bazaar-full-"));
const children: ChildProcess[] = [];

afterAll(() => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill("SIGKILL");
  rmSync(dir, { recursive: true, force: true });
});

interface Reply {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON response fields
  body: any;
}

async function call(url: string, body?: unknown): Promise<Reply> {
  const r = await fetch(url, {
    method: body === undefined ? "GET" : "POST",
    headers: { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: r.status, body: await r.json() };
}

const TASK = "career_10";
const SEED = 77;

describe("disk full (issue 10, item 10)", () => {
  it("writes answer 507 STORAGE_FULL, /health degrades, nothing is half-done, and all recovers with space", async () => {
    const dbPath = join(dir, "full.db");
    // RLIMIT_FSIZE caps each file (the database and its WAL) at this size.
    const limitKb = 768;
    const srv = await startServerProcess(["--db", dbPath, "--max-sessions", "100000"], {
      fileSizeLimitKb: limitKb,
    });
    children.push(srv.child);
    const B = srv.url;

    // A session the test follows step by step, as a trainer would.
    const first = await call(`${B}/reset`, { task: TASK, seed: SEED, episode_id: "full" });
    expect(first.status).toBe(200);
    const sid = first.body.session_id as string;
    const acked: string[] = [JSON.stringify(first.body.observation)];
    let obs = first.body.observation as Observation;
    const step = () => call(`${B}/step`, { session_id: sid, action: testBuyer(obs, obs.current_round) });
    const take = (r: Reply): boolean => {
      acked.push(JSON.stringify(r.body.observation));
      obs = r.body.observation;
      return r.body.done as boolean;
    };
    for (let i = 0; i < 3; i++) expect(take(await step())).toBe(false);

    // Fill the disk with other sessions until no write can land. A refused reset is not that, for
    // two reasons. (1) The background checkpointer copies the WAL into the database file, and the
    // next commit then reuses the WAL from its start, so writes succeed again. Once the database
    // file itself is at the limit, the WAL holds frames of pages past its end that no checkpoint
    // can copy, so the WAL never restarts. (2) A reset appends several WAL frames; a smaller write
    // (a step) may still fit in what is left. /health's own probe is the smallest write there is
    // (one frame, tried at most once a second while full): once it fails with the database at
    // the limit, every later write is refused, whatever the checkpointer's timing.
    const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));
    const dbAtLimit = () => statSync(dbPath).size >= limitKb * 1024;
    let created = 1;
    let refused: Reply | null = null;
    let full = false;
    const deadline = Date.now() + 150_000; // ~30 s here; the checkpointer paces it (one pass a second)
    while (!full && Date.now() < deadline) {
      const r = await call(`${B}/reset`, { task: TASK, seed: created });
      if (r.status === 200) {
        created++;
        continue;
      }
      refused = r;
      expect(r.status).toBe(507);
      if (!dbAtLimit()) {
        await sleep(50); // a checkpoint pass can still make room in the WAL
        continue;
      }
      await sleep(1_100); // so this /health call probes afresh
      full = (await call(`${B}/health`)).body.db === "full";
    }
    expect(full).toBe(true);
    expect(refused?.status).toBe(507);
    expect(refused?.body.error.code).toBe("STORAGE_FULL");

    // The followed session's step is refused too, at once.
    const readState = () => call(`${B}/state?session_id=${sid}`);
    const before = await readState();
    const stepRefused = await step();
    expect(stepRefused.status).toBe(507);
    expect(stepRefused.body.error.code).toBe("STORAGE_FULL");
    // ...and stays refused once a background checkpoint pass (every second) has had its chance.
    await sleep(1_100);
    expect((await step()).status).toBe(507);
    // Nothing of the refused step stayed in memory: the session reads exactly as before it.
    const after = await readState();
    expect(after.status).toBe(200);
    expect(after.body).toEqual(before.body);
    const health = await call(`${B}/health`);
    expect(health.body).toMatchObject({ status: "degraded", db: "full" });
    expect((await call(`${B}/tasks`)).status).toBe(200);
    // Batch items and MCP tools say the same inside their own envelopes.
    const batch = await call(`${B}/batch/reset`, { task: TASK, count: 2 });
    expect(batch.status).toBe(200);
    for (const item of batch.body.results)
      expect(item).toMatchObject({ status: 507, error: { code: "STORAGE_FULL" } });
    const mcp = await call(`${B}/mcp`, {
      jsonrpc: "2.0",
      id: 1,
      method: "tools/call",
      params: { name: "new_negotiation", arguments: { task: TASK } },
    });
    expect(mcp.body.error.data).toEqual({ code: "STORAGE_FULL" });

    // Space returns: /health recovers by itself, and the session carries on where it was.
    const raised = spawnSync("prlimit", ["--pid", String(srv.child.pid), "--fsize=unlimited"]);
    expect(raised.status).toBe(0);
    let healthy = false;
    for (let i = 0; i < 40 && !healthy; i++) {
      await new Promise((r) => setTimeout(r, 100));
      healthy = (await call(`${B}/health`)).body.status === "healthy";
    }
    expect(healthy).toBe(true);
    let done = false;
    for (let i = 0; i < 500 && !done; i++) {
      const r = await step();
      expect(r.status).toBe(200);
      done = take(r);
    }
    expect(done).toBe(true);
    srv.child.kill("SIGTERM");
    await new Promise((r) => srv.child.once("exit", r));

    // The same buyer against the same seed in-process: not one observation differs.
    const reference = referenceRun(TASK, SEED, "full");
    expect(acked).toEqual(reference.observations);

    // Storage holds exactly the acknowledged sessions and every event of the followed one.
    const db = new Database(dbPath, { readonly: true });
    expect((db.prepare("SELECT COUNT(*) AS n FROM sessions").get() as { n: number }).n).toBe(created);
    expect(storedEventCount(db, sid)).toBe(reference.events);
    db.close();
  }, 200_000);
});
