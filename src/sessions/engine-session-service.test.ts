import { describe, expect, it } from "vitest";
import type { Observation } from "../../env/observation";
import { EpisodeStore } from "../storage/episode-store";
import { openDatabase } from "../storage/open-database";
import { testBuyer } from "../testing/buyer";
import { createSessionService, type EngineSessionService } from "./engine-session-service";

const fresh = (store = new EpisodeStore(openDatabase(":memory:"))) => ({
  store,
  svc: createSessionService({ store, maxSessions: 8, sessionTtlS: 600 }),
});

/** Play n steps with the scripted buyer; returns the last observation. */
async function play(svc: EngineSessionService, sid: string, obs: Observation, n: number) {
  let o = obs;
  const trace: string[] = [];
  for (let k = 0; k < n; k++) {
    const r = await svc.step({ session_id: sid, action: testBuyer(o, o.current_round) });
    trace.push(JSON.stringify(r));
    o = r.observation;
    if (r.done) break;
  }
  return { obs: o, trace };
}

describe("career sessions", () => {
  it("keep their history across resets: the next reset continues the career", async () => {
    const { svc } = fresh();
    const r = await svc.reset({ task: "career_10", seed: 3 });
    let obs = r.observation;
    for (let i = 0; i < 40 && obs.episode_number === 1; i++) {
      obs = (await svc.step({ session_id: r.session_id, action: testBuyer(obs, obs.current_round) }))
        .observation;
    }
    expect(obs.episode_number).toBe(2);
    const again = await svc.reset({ session_id: r.session_id });
    expect(again.info.episode).toBe(2);
    expect(again.observation.career_history?.deals).toHaveLength(1);
    expect(svc.score(r.session_id).episodes_completed).toBe(1);
  });

  it("a reset in the middle of a career episode restarts that episode and keeps the career", async () => {
    const { svc, store } = fresh();
    const r = await svc.reset({ task: "read_the_tells", seed: 5 });
    await svc.step({ session_id: r.session_id, action: { type: "offer", price: 20 } });
    const again = await svc.reset({ session_id: r.session_id });
    expect(again.info.episode).toBe(1);
    expect(again.observation).toEqual(r.observation);
    expect(svc.state(r.session_id).step_count).toBe(0);
    expect(store.counts().episodes).toBe(2);
  });

  it("a new seed or task starts a new run", async () => {
    const { svc } = fresh();
    const r = await svc.reset({ task: "career_10", seed: 3 });
    await svc.step({ session_id: r.session_id, action: { type: "walk" } });
    const other = await svc.reset({ session_id: r.session_id, seed: 4 });
    expect(other.info).toMatchObject({ seed: 4, episode: 1 });
    const single = await svc.reset({ session_id: r.session_id, task: "single_deal" });
    expect(single.info).toMatchObject({ task_id: "single_deal", total_episodes: 1 });
  });
});

describe("resume after a restart", () => {
  it.each(["single_deal", "career_10", "amazon_realistic"])(
    "%s: a new service on the same database finishes the session exactly like an uninterrupted one",
    async (task) => {
      const straight = fresh();
      const a = await straight.svc.reset({ task, seed: 21, episode_id: "x" });
      const whole = await play(straight.svc, a.session_id, a.observation, 200);

      const first = fresh();
      const b = await first.svc.reset({ task, seed: 21, episode_id: "x" });
      const half = await play(first.svc, b.session_id, b.observation, task === "career_10" ? 11 : 1);
      // "Restart": the same database, a service with nothing in memory.
      const second = fresh(first.store);
      expect(second.svc.capacity().active_sessions).toBe(0);
      const stateAfter = second.svc.state(b.session_id);
      expect(stateAfter.step_count).toBe(first.svc.state(b.session_id).step_count);
      const rest = await play(second.svc, b.session_id, half.obs, 200);
      const replace = (t: string) => t.replaceAll(b.session_id, a.session_id);
      expect([...half.trace, ...rest.trace].map(replace)).toEqual(whole.trace);
      expect(second.svc.score(b.session_id)).toEqual({
        ...straight.svc.score(a.session_id),
        session_id: b.session_id,
      });
    },
  );

  it("a closed session cannot be resumed", async () => {
    const { svc, store } = fresh();
    const r = await svc.reset({ seed: 1 });
    await svc.close(r.session_id);
    const again = fresh(store);
    expect(() => again.svc.state(r.session_id)).toThrow(/unknown, closed or expired/);
  });
});

describe("sessions held by a WebSocket", () => {
  it("are never evicted for idleness while the socket holds them; plain sessions are", async () => {
    let now = 1_000_000;
    const store = new EpisodeStore(openDatabase(":memory:"));
    const svc = createSessionService({ store, maxSessions: 8, sessionTtlS: 60, now: () => now });
    const socket = {};
    const pinned = svc.openSession(socket);
    await svc.reset({ session_id: pinned, task: "single_deal", seed: 1 }, socket);
    const plain = (await svc.reset({ task: "single_deal", seed: 1 })).session_id;
    now += 61 * 60_000; // an hour of thinking between steps
    expect(svc.sweep()).toBe(1);
    expect(
      (await svc.step({ session_id: pinned, action: { type: "offer", price: 30 } }, socket)).observation
        .current_round,
    ).toBe(1);
    await expect(svc.step({ session_id: plain, action: { type: "offer", price: 30 } })).rejects.toMatchObject(
      { code: "SESSION_NOT_FOUND" },
    );
    await svc.close(pinned, socket);
    expect(svc.capacity().active_sessions).toBe(0);
  });
});

describe("close against steps in flight", () => {
  it("a request made while the close commits never rebuilds the session from its still-open row", async () => {
    const store = new EpisodeStore(openDatabase(":memory:"));
    const svc = createSessionService({ store, maxSessions: 8, sessionTtlS: 60 });
    const sid = (await svc.reset({ task: "single_deal", seed: 1 })).session_id;
    const inFlight = svc.step({ session_id: sid, action: { type: "offer", price: 20 } });
    const closing = svc.close(sid);
    // Same tick: the close has not committed, so storage still says the session is open.
    const during = svc.step({ session_id: sid, action: { type: "offer", price: 21 } });
    await expect(inFlight).resolves.toMatchObject({ observation: { current_round: 1 } });
    await expect(closing).resolves.toEqual({ session_id: sid, closed: true });
    await expect(during).rejects.toMatchObject({ code: "SESSION_NOT_FOUND" });
    // A request after the close committed finds the row closed.
    await new Promise((r) => setTimeout(r, 5));
    expect(() => svc.state(sid)).toThrow(/unknown, closed or expired/);
    expect(svc.capacity().active_sessions).toBe(0);
  });

  it("a request after the close left memory but before its write committed is a 404 too", async () => {
    const store = new EpisodeStore(openDatabase(":memory:"));
    const svc = createSessionService({ store, maxSessions: 8, sessionTtlS: 60 });
    const sid = (await svc.reset({ task: "single_deal", seed: 1 })).session_id;
    const closing = svc.close(sid);
    // Let the queued close run: the session leaves memory, its close is handed to the writer.
    while (svc.capacity().active_sessions > 0) await Promise.resolve();
    expect(store.session(sid)?.closed).toBe(0);
    const during = svc.step({ session_id: sid, action: { type: "offer", price: 21 } });
    await expect(during).rejects.toMatchObject({ code: "SESSION_NOT_FOUND" });
    await closing;
    expect(store.session(sid)?.closed).toBe(1);
    expect(svc.capacity().active_sessions).toBe(0);
  });
});
