import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Observation } from "../../env/observation";
import { stepRun } from "../../env/run";
import { openRun } from "../../tasks/open-run";
import { createSessionService } from "../sessions/engine-session-service";
import { referenceRun, testBuyer } from "../testing/buyer";
import { pgEngine, sqliteEngine, type TestEngine } from "./testing/engines";

/**
 * One suite, both engines: whatever the server relies on from its database (round trips of every
 * row, all-or-nothing batches, idempotent step results, durability before a commit resolves,
 * resuming a session from another connection) holds on SQLite and on Postgres alike.
 */
const ENGINES: [string, () => Promise<TestEngine>][] = [
  ["sqlite", async () => sqliteEngine()],
  ["postgres", pgEngine],
];

const meta = (sessionId: string | null = null) => ({ sessionId, run: 1, engineVersion: "t", now: 0 });
const plain = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

describe.each(ENGINES)("storage contract on %s", (_name, make) => {
  let engine: TestEngine;
  beforeAll(async () => {
    engine = await make();
  }, 60_000);
  afterAll(async () => {
    await engine?.stop();
  });

  it("stores an episode with its log, one row per step, and reads it back exactly from a new connection", async () => {
    const db = await engine.fresh();
    const { store, writer } = await db.open();
    const run = openRun("single_deal", { seed: 5, episodeId: "c-1" });
    const e = run.episode;
    const b = store.batch();
    const key = b.insertEpisode(e, meta());
    await writer.commit(b.ops);
    for (const action of [
      { type: "offer", price: 10, message: "it's fine" },
      { type: "offer", price: 12, message: "more?" },
      { type: "walk" },
    ] as const) {
      const before = e.events.length;
      stepRun(run, action);
      const s = store.batch().appendEvents(key, before, e.events);
      if (e.done) s.finishEpisode(key, e);
      await writer.commit(s.ops);
    }
    // Acknowledged means stored: another connection (a restarted server) reads it all.
    const other = await db.open();
    const back = other.store.episode("c-1");
    expect(back?.events).toEqual(plain(e.events));
    expect(back).toMatchObject({ key, status: "finished", outcome: "walk", record: plain(e.record) });
    expect(other.store.counts()).toEqual({
      sessions: 0,
      episodes: 1,
      events: e.events.length,
      step_results: 0,
    });
    expect(other.store.recentOverEpisodes(10).map((x) => x.id)).toEqual(["c-1"]);
  });

  it("a batch with a failing write stores nothing of it, and the writer's other batches still land", async () => {
    const { store, writer } = await (await engine.fresh()).open();
    const bad = store.batch();
    const run = openRun("single_deal", { seed: 4, episodeId: "c-bad" });
    const key = bad.insertEpisode(run.episode, meta());
    bad.appendEvents(key, 0, run.episode.events); // the same (episode_key, seq) twice
    const good = store.batch();
    good.insertEpisode(openRun("single_deal", { seed: 6, episodeId: "c-good" }).episode, meta());
    const [a, c] = await Promise.allSettled([writer.commit(bad.ops), writer.commit(good.ops)]);
    expect(a.status).toBe("rejected");
    expect(c.status).toBe("fulfilled");
    expect(await store.usedEpisodeIds(["c-bad", "c-good", "c-none"])).toEqual(new Set(["c-good"]));
    expect(await store.usedEpisodeIds([])).toEqual(new Set());
    expect(store.counts().episodes).toBe(1);
  });

  it("sessions: created, run updated, closed once; a run is live while an episode is being played", async () => {
    const { store, writer } = await (await engine.fresh()).open();
    const options = {
      episode_id: "c-s",
      seller: "s@1",
      reward_mode: "shaped" as const,
      tells: true,
      history_window: 4,
      reveal_personality: null,
      timeout_s: null,
    };
    const row = { id: "sess-1", task: "single_deal", seed: 2 ** 47 + 3, options, run: 1 };
    const b = store.batch().createSession(row, 1000);
    b.insertEpisode(openRun("single_deal", { seed: 3, episodeId: "c-s" }).episode, meta("sess-1"));
    await writer.commit(b.ops);
    expect(store.session("sess-1")).toEqual({ ...row, created_at: 1000, updated_at: 1000, closed: 0 });
    expect(store.runLive("sess-1", 1)).toBe(true);
    expect(store.runEpisodes("sess-1", 1).map((e) => e.id)).toEqual(["c-s"]);
    expect(store.recentOverEpisodes(10)).toEqual([]);
    await writer.commit(store.batch().touchSession("sess-1", 2000).closeSession("sess-1", 2, 3000).ops);
    await writer.commit(store.batch().closeSession("sess-1", 1, 4000).ops);
    expect(store.session("sess-1")).toMatchObject({ closed: 2, updated_at: 3000 });
    expect(store.runLive("sess-1", 1)).toBe(false);
    expect(store.session("nope")).toBeUndefined();
  });

  it("a step result is stored once per (session, request id): a second one is refused", async () => {
    const { store, writer } = await (await engine.fresh()).open();
    await writer.commit(store.batch().saveStepResult("s", "r1", '{"a":1}').ops);
    await expect(writer.commit(store.batch().saveStepResult("s", "r1", '{"a":2}').ops)).rejects.toThrow();
    expect(store.stepResult("s", "r1")).toBe('{"a":1}');
    expect(store.stepResult("s", "r2")).toBeUndefined();
    // Text with quotes, backslashes and non-ASCII survives as is.
    const odd = String.raw`{"m":"it's \"ok\" \\ \n ñ 🙂"}`;
    await writer.commit(store.batch().saveStepResult("s", "r3", odd).ops);
    expect(store.stepResult("s", "r3")).toBe(odd);
  });

  it("episode keys stay unique across connections: a reopened database, and (Postgres) replicas writing at once", async () => {
    const db = await engine.fresh();
    const one = await db.open();
    const keys: number[] = [];
    const insert = async (o: typeof one, i: number) => {
      const b = o.store.batch();
      keys.push(b.insertEpisode(openRun("single_deal", { seed: i, episodeId: `k-${i}` }).episode, meta()));
      await o.writer.commit(b.ops);
    };
    for (let i = 0; i < 3; i++) await insert(one, i);
    const two = await db.open();
    // SQLite has one writing server per file; Postgres has one per replica, all at once.
    const writers = engine.name === "postgres" ? [one, two] : [two];
    await Promise.all([3, 4, 5, 6, 7, 8].map((i) => insert(writers[i % writers.length] ?? two, i)));
    expect(new Set(keys).size).toBe(9);
    expect(two.store.counts().episodes).toBe(9);
  });

  it("the session service plays a career, is dropped mid-run, and a new one resumes it with nothing lost", async () => {
    const db = await engine.fresh();
    const first = await db.open();
    const svc = createSessionService({ ...first, maxSessions: 8, sessionTtlS: 600 });
    const reset = await svc.reset({ task: "career_10", seed: 31, episode_id: "c-car" });
    const observations = [JSON.stringify(reset.observation)];
    let obs: Observation = reset.observation;
    const play = async (s: typeof svc, n: number) => {
      for (let i = 0; i < n; i++) {
        const r = await s.step({
          session_id: reset.session_id,
          action: testBuyer(obs, obs.current_round),
          request_id: `q${observations.length}`,
        });
        observations.push(JSON.stringify(r.observation));
        obs = r.observation;
        if (r.done) return true;
      }
      return false;
    };
    await play(svc, 7);
    svc.detachAll();
    const second = await db.open();
    const again = createSessionService({ ...second, maxSessions: 8, sessionTtlS: 600 });
    // A retried request id answers from storage, without stepping again.
    const retried = await again.step({
      session_id: reset.session_id,
      action: { type: "walk" },
      request_id: "q7",
    });
    expect(JSON.stringify(retried.observation)).toBe(observations[7]);
    while (!(await play(again, 50))) {
      // career episodes keep coming until the run is done
    }
    expect(observations).toEqual(referenceRun("career_10", 31, "c-car").observations);
    expect(second.store.counts().step_results).toBe(observations.length - 1);
  });
});
