import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Observation } from "../../../env/observation";
import { observe } from "../../../env/observe";
import { stepRun } from "../../../env/run";
import { openRun } from "../../../tasks/open-run";
import { TASK_IDS } from "../../../tasks/task-catalog";
import { ALL_TASKS, taskKey } from "../../../tasks/task-ref";
import { testBuyer } from "../../testing/buyer";
import { startTestServer, type TestReply, type TestServer } from "../../testing/test-server";

let srv: TestServer;
beforeAll(async () => {
  srv = await startTestServer();
});
afterAll(async () => {
  await srv.close();
});

/** Play a whole run over HTTP; returns every observation as the raw JSON text of that object. */
async function playHttp(
  task: string,
  seed: number,
): Promise<{ sid: string; observations: string[]; last: TestReply["body"] }> {
  const r = await srv.post("/reset", { task, seed, episode_id: `ep-${task}-${seed}` });
  expect(r.status).toBe(200);
  const sid = r.body.session_id as string;
  const observations = [JSON.stringify(r.body.observation)];
  let obs = r.body.observation as Observation;
  let last = r.body;
  let k = 0;
  for (let i = 0; i < 500; i++) {
    const s = await srv.post("/step", { session_id: sid, action: testBuyer(obs, k++) });
    expect(s.status).toBe(200);
    observations.push(JSON.stringify(s.body.observation));
    obs = s.body.observation;
    last = s.body;
    if (s.body.info.episode_done) k = 0;
    if (s.body.done) break;
  }
  return { sid, observations, last };
}

function playInProcess(task: string, seed: number): string[] {
  const run = openRun(task, { seed, episodeId: `ep-${task}-${seed}` });
  const observations: string[] = [];
  let obs = stepless(run);
  observations.push(JSON.stringify(obs));
  let k = 0;
  for (let i = 0; i < 500; i++) {
    const res = stepRun(run, testBuyer(obs, k++));
    observations.push(JSON.stringify(res.observation));
    obs = res.observation;
    if (res.info.episode_done) k = 0;
    if (res.done) break;
  }
  return observations;
}

// The reset observation, through the same function the server uses.

const stepless = (run: ReturnType<typeof openRun>) => observe(run.episode);

describe("HTTP episodes", () => {
  it.each(TASK_IDS)(
    "plays %s to the end, identical to an in-process run with the same seed",
    async (task) => {
      const http = await playHttp(task, 7);
      expect(http.last.done).toBe(true);
      expect(http.last.terminated || http.last.truncated).toBe(true);
      expect(http.observations).toEqual(playInProcess(task, 7));
      const score = await srv.get(`/score?session_id=${http.sid}`);
      expect(score.status).toBe(200);
      expect(score.body.episodes_completed).toBe(score.body.total_episodes);
      expect(score.body.score).toBeGreaterThanOrEqual(0);
      const state = await srv.get(`/state?session_id=${http.sid}`);
      expect(state.body.done).toBe(true);
      expect(state.body.hidden).not.toBeNull();
    },
  );

  it("hides the seller's economics from /state until the episode is over", async () => {
    const r = await srv.post("/reset", { seed: 3 });
    const st = await srv.get(`/state?session_id=${r.body.session_id}`);
    expect(st.status).toBe(200);
    expect(st.body.hidden).toBeNull();
    expect(st.body.session_id).toBe(r.body.session_id);
    expect(st.body.step_count).toBe(0);
  });

  it("draws and reports a seed when none is given, and that seed replays the episode", async () => {
    const a = await srv.post("/reset", { task: "amazon_realistic" });
    expect(Number.isInteger(a.body.info.seed)).toBe(true);
    const b = await srv.post("/reset", { task: "amazon_realistic", seed: a.body.info.seed });
    expect(b.body.observation).toEqual(a.body.observation);
    expect(a.body.reward).toBeNull();
    expect(a.body.done).toBe(false);
  });

  it("lists ignored reset keys instead of rejecting them (OpenEnv forwards dataset rows)", async () => {
    const r = await srv.post("/reset", { seed: 1, prompt: "hello", extra: 1, buyer: "ev@1", timeout_s: 5 });
    expect(r.status).toBe(200);
    // `buyer` is the seller role's key; `timeout_s` is understood though untyped (wire/reset.ts).
    expect(r.body.info.ignored_keys).toEqual(["prompt", "extra", "buyer"]);
  });

  it("keeps two interleaved sessions isolated", async () => {
    const a = await srv.post("/reset", { seed: 11 });
    const b = await srv.post("/reset", { seed: 11 });
    expect(a.body.session_id).not.toBe(b.body.session_id);
    const a1 = await srv.post("/step", {
      session_id: a.body.session_id,
      action: { type: "offer", price: 30 },
    });
    const b1 = await srv.post("/step", {
      session_id: b.body.session_id,
      action: { type: "offer", price: 20 },
    });
    const a2 = await srv.post("/step", {
      session_id: a.body.session_id,
      action: { type: "offer", price: 35 },
    });
    expect(a1.body.observation.own_last_offer).toBe(30);
    expect(b1.body.observation.own_last_offer).toBe(20);
    expect(a2.body.observation.current_round).toBe(2);
    const sa = await srv.get(`/state?session_id=${a.body.session_id}`);
    const sb = await srv.get(`/state?session_id=${b.body.session_id}`);
    expect(sa.body.step_count).toBe(2);
    expect(sb.body.step_count).toBe(1);
    expect(sb.body.offer_history.map((o: { price: number }) => o.price)).toEqual([
      60,
      20,
      sb.body.offer_history[2].price,
    ]);
  });

  it("applies concurrent steps on one session one after another, in arrival order", async () => {
    const r = await srv.post("/reset", { seed: 5, task: "deceptive_seller" });
    const sid = r.body.session_id;
    const prices = [20, 21, 22, 23, 24];
    const replies = await Promise.all(
      prices.map((price) => srv.post("/step", { session_id: sid, action: { type: "offer", price } })),
    );
    const rounds = replies.map((x) => x.body.observation.current_round).sort();
    expect(rounds).toEqual([1, 2, 3, 4, 5]);
    const st = await srv.get(`/state?session_id=${sid}`);
    expect(st.body.step_count).toBe(5);
    const branchRounds = st.body.offer_history.filter((o: { actor: string }) => o.actor === "buyer");
    expect(branchRounds.map((o: { round: number }) => o.round)).toEqual([1, 2, 3, 4, 5]);
  });

  it("makes a step with a request_id idempotent", async () => {
    const r = await srv.post("/reset", { seed: 9 });
    const sid = r.body.session_id;
    const first = await srv.post("/step", {
      session_id: sid,
      action: { type: "offer", price: 30 },
      request_id: "rq-1",
    });
    const again = await srv.post("/step", {
      session_id: sid,
      action: { type: "offer", price: 31 },
      request_id: "rq-1",
    });
    expect(again.status).toBe(200);
    expect(again.text).toBe(first.text);
    const st = await srv.get(`/state?session_id=${sid}`);
    expect(st.body.step_count).toBe(1);
    const next = await srv.post("/step", {
      session_id: sid,
      action: { type: "offer", price: 32 },
      request_id: "rq-2",
    });
    expect(next.body.observation.current_round).toBe(2);
  });

  it("resets a session in place, and closes it", async () => {
    const r = await srv.post("/reset", { seed: 2 });
    const sid = r.body.session_id;
    await srv.post("/step", { session_id: sid, action: { type: "walk" } });
    const again = await srv.post("/reset", { session_id: sid, seed: 4 });
    expect(again.status).toBe(200);
    expect(again.body.session_id).toBe(sid);
    expect(again.body.info.seed).toBe(4);
    const closed = await srv.post("/close", { session_id: sid });
    expect(closed.body).toEqual({ session_id: sid, closed: true });
    const gone = await srv.post("/step", { session_id: sid, action: { type: "walk" } });
    expect(gone.status).toBe(404);
  });

  it("serves the stored event log of an episode", async () => {
    const r = await srv.post("/reset", { seed: 8, episode_id: "log-me" });
    await srv.post("/step", { session_id: r.body.session_id, action: { type: "offer", price: 30 } });
    await srv.post("/step", { session_id: r.body.session_id, action: { type: "accept" } });
    const ep = await srv.get("/episodes/log-me");
    expect(ep.status).toBe(200);
    expect(ep.body.events.map((e: { type: string }) => e.type)).toEqual([
      "episode_started",
      "buyer_acted",
      "seller_replied",
      "buyer_acted",
    ]);
    expect(ep.body.status).toBe("finished");
    expect(ep.body.summary.outcome).toBe("deal");
    expect(ep.body.summary.score).toBeGreaterThan(0);
    expect((await srv.get("/episodes/nope")).status).toBe(404);
  });

  it("branches a stored episode over HTTP into a new stored episode", async () => {
    const r = await srv.post("/reset", { seed: 1, episode_id: "cf-http" });
    const sid = r.body.session_id;
    await srv.post("/step", { session_id: sid, action: { type: "offer", price: 30 } });
    await srv.post("/step", { session_id: sid, action: { type: "offer", price: 35 } });
    await srv.post("/step", { session_id: sid, action: { type: "accept" } });
    const cf = await srv.post("/episodes/cf-http/counterfactual", {
      from_round: 3,
      action: { type: "offer", price: 50 },
    });
    expect(cf.status).toBe(200);
    expect(cf.body.original.score).toBe(0.7429);
    expect(cf.body.counterfactual.score).toBe(0.7143);
    const branch = await srv.get(`/episodes/${encodeURIComponent(cf.body.episode_id)}`);
    expect(branch.body.branched_from).toBe("cf-http");
  });

  it("serves catalogs and health", async () => {
    const tasks = await srv.get("/tasks");
    const keys = tasks.body.tasks.map((t: { id: string; version: string }) => `${t.id}@${t.version}`);
    expect(keys).toEqual(ALL_TASKS.map(taskKey));
    const sellers = await srv.get("/sellers");
    expect(sellers.body.sellers.length).toBeGreaterThan(0);
    const h = await srv.get("/health");
    expect(h.body).toMatchObject({ status: "healthy", db: "ok", max_sessions: 1024 });
    expect(typeof h.body.active_sessions).toBe("number");
  });
});
