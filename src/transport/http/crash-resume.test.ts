import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import type { Observation } from "../../../env/observation";
import { referenceRun, testBuyer } from "../../testing/buyer";
import { startServerProcess } from "../../testing/server-process";
import { storedEventCount } from "../../testing/stored-events";

const dir = mkdtempSync(join(tmpdir(), "bazaar-crash-"));
const children: ChildProcess[] = [];

afterAll(() => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill("SIGKILL");
  rmSync(dir, { recursive: true, force: true });
});

async function serve(dbPath: string, extra: readonly string[]) {
  const server = await startServerProcess(["--db", dbPath, ...extra]);
  children.push(server.child);
  return server;
}

async function post(url: string, body: unknown) {
  const r = await fetch(url, {
    method: "POST",
    body: JSON.stringify(body),
    headers: { "content-type": "application/json" },
  });
  return { status: r.status, text: await r.text() };
}

const TASK = "career_10";
const SEED = 77;

describe.each([
  ["event loop", [] as string[]],
  ["writer thread", ["--commit-thread", "on"]],
])("crash safety, commits on the %s", (commits, extra) => {
  it("after kill -9 and a restart on the same file, the session finishes with no event lost", async () => {
    const dbPath = join(dir, `crash-${commits.replace(" ", "-")}.db`);
    const first = await serve(dbPath, extra);
    expect(first.listening.commits).toBe(commits);
    const reset = await post(`${first.url}/reset`, { task: TASK, seed: SEED, episode_id: "crash" });
    const sid = JSON.parse(reset.text).session_id as string;
    const observations: string[] = [JSON.stringify(JSON.parse(reset.text).observation)];
    let obs = JSON.parse(reset.text).observation as Observation;
    const steps = async (url: string, n: number) => {
      for (let i = 0; i < n; i++) {
        const r = await post(`${url}/step`, { session_id: sid, action: testBuyer(obs, obs.current_round) });
        expect(r.status).toBe(200);
        const body = JSON.parse(r.text);
        observations.push(JSON.stringify(body.observation));
        obs = body.observation;
        if (body.done) return true;
      }
      return false;
    };
    await steps(first.url, 17);
    first.child.kill("SIGKILL");
    await new Promise((r) => first.child.once("exit", r));

    const second = await serve(dbPath, extra);
    let done = false;
    for (let i = 0; i < 40 && !done; i++) done = await steps(second.url, 10);
    expect(done).toBe(true);
    const score = JSON.parse((await (await fetch(`${second.url}/score?session_id=${sid}`)).text()) as string);
    second.child.kill("SIGTERM");
    await new Promise((r) => second.child.once("exit", r));

    // The uninterrupted in-process run with the same seed and the same buyer.
    const reference = referenceRun(TASK, SEED, "crash");
    expect(observations).toEqual(reference.observations);
    expect(score.episodes_completed).toBe(10);

    // Every event of every episode is stored: two per buyer move that got a reply, plus each start.
    const db = new Database(dbPath, { readonly: true });
    expect(storedEventCount(db, sid)).toBe(reference.events);
    db.close();
  }, 60_000);
});
