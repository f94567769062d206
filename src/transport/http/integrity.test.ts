import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type LiveBackend, startRealServer } from "../../testing/backends";

/**
 * Benchmark integrity from the outside: a client with only the public API cannot read the
 * seller's hidden values during a live episode, cannot drive a session it does not own, and
 * cannot make two episodes share a name. (Issue #10, items 1, 2, 5, 6, 7.)
 */
let server: LiveBackend;
beforeAll(async () => {
  server = await startRealServer(256);
});
afterAll(() => server.close());

interface Answer {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: test reads arbitrary JSON answers
  body: any;
  text: string;
}

async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: { "content-type": "application/json", ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, body: text === "" ? null : JSON.parse(text), text } as Answer;
}
const post = (path: string, body: unknown) => call("POST", path, body);
const get = (path: string, headers?: Record<string, string>) => call("GET", path, undefined, headers);

/** marketplace_arena seed 4242 is the run the issue used: reservation 31.5, cost 30. */
async function liveArena(): Promise<{ sid: string; eid: string }> {
  const r = await post("/reset", { task: "marketplace_arena", seed: 4242 });
  expect(r.status).toBe(200);
  for (const price of [10, 12, 14]) {
    const s = await post("/step", { session_id: r.body.session_id, action: { type: "offer", price } });
    expect(s.status).toBe(200);
  }
  return { sid: r.body.session_id, eid: r.body.episode_id };
}

const HIDDEN_KEYS = ["reservation", "seller_cost", "memory", "guard", "inventory_pressure", "session_id"];

/**
 * A finished episode's deal record (in info.episode_result and the career history) states that
 * episode's cost by design: it is an outcome, given when that episode ends (docs/security.md).
 */
const OUTCOME_KEYS = ["record"];

function expectNoHiddenKeys(value: unknown, path = "$"): void {
  if (value === null || typeof value !== "object") return;
  for (const [k, v] of Object.entries(value)) {
    if (OUTCOME_KEYS.includes(k)) continue;
    if (HIDDEN_KEYS.includes(k) && v !== null) throw new Error(`hidden field ${path}.${k} reached the buyer`);
    expectNoHiddenKeys(v, `${path}.${k}`);
  }
}

describe("item 1: live episodes are not readable by others, and their owner sees only the public view", () => {
  it("GET /episodes/:id on a running episode is a 404 without its session", async () => {
    const { eid } = await liveArena();
    const r = await get(`/episodes/${eid}`);
    expect(r.status).toBe(404);
    expect(r.body.error.code).toBe("EPISODE_NOT_FOUND");
    expect(r.text).not.toContain("31.5");
  });

  it("a wrong session id is the same 404", async () => {
    const { eid } = await liveArena();
    const other = await liveArena();
    const r = await get(`/episodes/${eid}`, { "x-session-id": other.sid });
    expect(r.status).toBe(404);
  });

  it("the owner reads the public view: no reservation, cost, memory, guard records or session id", async () => {
    const { sid, eid } = await liveArena();
    const r = await get(`/episodes/${eid}`, { "x-session-id": sid });
    expect(r.status).toBe(200);
    expect(r.body.visibility).toBe("public");
    expect(r.body.events).toBeNull();
    expect(r.body.public.dialogue.length).toBeGreaterThan(1);
    expectNoHiddenKeys(r.body);
    // GET /state hides them too while the episode runs.
    const st = await get(`/state?session_id=${encodeURIComponent(sid)}`);
    expect(st.body.hidden).toBeNull();
  });

  it("once the episode is over anyone with the id reads the whole log, without a session id", async () => {
    const { sid, eid } = await liveArena();
    const end = await post("/step", { session_id: sid, action: { type: "walk" } });
    expect(end.body.done).toBe(true);
    const r = await get(`/episodes/${eid}`);
    expect(r.status).toBe(200);
    expect(r.body.visibility).toBe("full");
    expect(r.body.events[0].reservation).toBe(31.5);
    expect(r.body).not.toHaveProperty("session_id");
    expect(r.text).not.toContain(sid);
  });
});

describe("item 2: counterfactuals branch finished play only", () => {
  it("a running episode answers 409 and stores nothing", async () => {
    const { eid } = await liveArena();
    const r = await post(`/episodes/${eid}/counterfactual`, {
      from_round: 1,
      action: { type: "offer", price: 40 },
    });
    expect(r.status).toBe(409);
    expect(r.body.error.code).toBe("EPISODE_NOT_OVER");
    expect(r.text).not.toContain("31.5");
  });

  it("a finished episode of a career still being played answers 409 too", async () => {
    const r = await post("/reset", { task: "career_10", seed: 3 });
    const sid = r.body.session_id;
    let first = "";
    for (let i = 0; i < 40; i++) {
      const s = await post("/step", { session_id: sid, action: { type: "accept" } });
      if (s.body.info.episode_done) {
        first = s.body.info.episode_id;
        break;
      }
    }
    expect(first).not.toBe("");
    const cf = await post(`/episodes/${first}/counterfactual`, {
      from_round: 1,
      action: { type: "offer", price: 40 },
    });
    expect(cf.status).toBe(409);
    // Its hidden values wait for the end of the run as well.
    const view = await get(`/episodes/${first}`);
    expect(view.body.visibility).toBe("public");
    expectNoHiddenKeys(view.body);
  });

  it("a finished single episode can be branched", async () => {
    const { sid, eid } = await liveArena();
    await post("/step", { session_id: sid, action: { type: "walk" } });
    const r = await post(`/episodes/${eid}/counterfactual`, {
      from_round: 1,
      action: { type: "offer", price: 40 },
    });
    expect(r.status).toBe(200);
  });
});

describe("item 3: the guard's records stay on the server while the episode runs", () => {
  it("no step reply carries info.guard", async () => {
    const r = await post("/reset", { task: "marketplace_arena", seed: 4242 });
    for (const price of [10, 12, 14, 16, 18, 20, 22]) {
      const s = await post("/step", { session_id: r.body.session_id, action: { type: "offer", price } });
      expect(s.body.info).not.toHaveProperty("guard");
      if (s.body.done) break;
    }
  });
});

describe("item 5: a session id is a capability returned only by the reset that made it", () => {
  it("no read returns the session id", async () => {
    const { sid, eid } = await liveArena();
    await post("/step", { session_id: sid, action: { type: "walk" } });
    for (const path of [`/episodes/${eid}`, "/tasks", "/sellers", "/health", "/metadata"]) {
      const r = await get(path);
      expect(r.text).not.toContain(sid);
    }
  });

  it("a session held by a WebSocket does not answer over HTTP, even to its id", async () => {
    const socket = {};
    const sid = server.service.openSession(socket);
    await server.service.reset({ session_id: sid, task: "single_deal", seed: 1 }, socket);
    const tries = [
      await post("/step", { session_id: sid, action: { type: "offer", price: 10 } }),
      await post("/reset", { session_id: sid }),
      await get(`/state?session_id=${encodeURIComponent(sid)}`),
      await get(`/score?session_id=${encodeURIComponent(sid)}`),
      await post("/close", { session_id: sid }),
    ];
    for (const t of tries) {
      expect(t.status).toBe(404);
      expect(t.body.error.code).toBe("SESSION_NOT_FOUND");
    }
    // Nothing changed: the socket's own session still stands at round 0.
    expect(server.service.state(sid, socket).current_round).toBe(0);
    await server.service.close(sid, socket);
  });
});

describe("item 6: an episode id names one episode", () => {
  it("a client-chosen id already in use gets 409 and the first episode is untouched", async () => {
    const name = `train-${Math.random().toString(36).slice(2)}`;
    const a = await post("/reset", { task: "single_deal", seed: 1, episode_id: name });
    expect(a.status).toBe(200);
    const b = await post("/reset", { task: "single_deal", seed: 2, episode_id: name });
    expect(b.status).toBe(409);
    expect(b.body.error.code).toBe("EPISODE_ID_TAKEN");
    const mine = await get(`/episodes/${name}`, { "x-session-id": a.body.session_id });
    expect(mine.status).toBe(200);
    expect(mine.body.seed).toBe(1);
  });

  it("within one batch, only the first item gets the id", async () => {
    const name = `same-${Math.random().toString(36).slice(2)}`;
    const r = await post("/batch/reset", { count: 3, task: "single_deal", episode_id: name });
    expect(r.status).toBe(200);
    const statuses = r.body.results.map((x: { status?: number }) => x.status ?? 200);
    expect(statuses.filter((s: number) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s: number) => s === 409)).toHaveLength(2);
  });

  it("a name a running career will give a later episode is taken too", async () => {
    const name = `career-${Math.random().toString(36).slice(2)}`;
    const a = await post("/reset", { task: "career_10", seed: 1, episode_id: name });
    expect(a.status).toBe(200);
    const b = await post("/reset", { task: "single_deal", seed: 1, episode_id: `${name}-4` });
    expect(b.status).toBe(409);
  });

  it("server-made ids are unique", async () => {
    const r = await post("/batch/reset", { count: 16, task: "single_deal", seed: 5 });
    const ids = new Set(r.body.results.map((x: { episode_id: string }) => x.episode_id));
    expect(ids.size).toBe(16);
  });
});

describe("item 7: close is serialised with steps", () => {
  it("after a 200 close every step gets 404, however the requests interleave", async () => {
    for (let run = 0; run < 20; run++) {
      const r = await post("/reset", { task: "single_deal", seed: run });
      const sid = r.body.session_id;
      const step = () => post("/step", { session_id: sid, action: { type: "offer", price: 20 } });
      // Steps land before, during and after the close's commit: none may bring the session back.
      const racing = [step(), post("/close", { session_id: sid }), ...Array.from({ length: 12 }, step)];
      const [, closed] = await Promise.all(racing);
      expect(closed?.status).toBe(200);
      for (let i = 0; i < 3; i++) {
        const after = await step();
        expect(after.status).toBe(404);
      }
      const st = await get(`/state?session_id=${encodeURIComponent(sid)}`);
      expect(st.status).toBe(404);
    }
  });
});

describe("GET /episodes: the replay list holds only episodes whose run is over", () => {
  it("lists a finished episode, never a live one, never a session id", async () => {
    const live = await liveArena();
    const done = await liveArena();
    await post("/step", { session_id: done.sid, action: { type: "walk" } });
    const r = await get("/episodes?limit=100");
    expect(r.status).toBe(200);
    const ids = r.body.episodes.map((e: { episode_id: string }) => e.episode_id);
    expect(ids).toContain(done.eid);
    expect(ids).not.toContain(live.eid);
    expect(r.text).not.toContain(done.sid);
    expect(r.text).not.toContain(live.sid);
    expect(r.body.episodes[0]).not.toHaveProperty("events");
  });

  it("refuses a bad limit with 422 naming the field", async () => {
    for (const q of ["limit=0", "limit=101", "limit=abc", "other=1"]) {
      const r = await get(`/episodes?${q}`);
      expect(r.status).toBe(422);
      expect(r.body.error.code).toBe("VALIDATION_ERROR");
    }
  });
});
