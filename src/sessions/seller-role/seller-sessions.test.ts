import { describe, expect, it } from "vitest";
import { EpisodeStore } from "../../storage/episode-store";
import { openDatabase } from "../../storage/open-database";
import { playScriptedSeller } from "../../testing/seller-play";
import { createSessionService } from "../engine-session-service";

const fresh = (store = new EpisodeStore(openDatabase(":memory:"))) => ({
  store,
  svc: createSessionService({ store, maxSessions: 8, sessionTtlS: 600 }),
});

describe("seller-role sessions", () => {
  it("resume after a restart exactly like an uninterrupted session", async () => {
    const straight = fresh();
    const a = await straight.svc.resetSeller({
      role: "seller",
      task: "sell_tough_buyer@1",
      seed: 21,
      episode_id: "s",
    });
    const whole = await playScriptedSeller(straight.svc, a.session_id, a.observation, 50);
    expect(whole.trace.length).toBeGreaterThan(2);

    const first = fresh();
    const b = await first.svc.resetSeller({
      role: "seller",
      task: "sell_tough_buyer@1",
      seed: 21,
      episode_id: "s",
    });
    const half = await playScriptedSeller(first.svc, b.session_id, b.observation, 2);
    const second = fresh(first.store);
    expect(second.svc.capacity().active_sessions).toBe(0);
    const rest = await playScriptedSeller(second.svc, b.session_id, half.obs, 50);
    const replace = (t: string) => t.replaceAll(b.session_id, a.session_id);
    expect([...half.trace, ...rest.trace].map(replace)).toEqual(whole.trace);
    expect(second.svc.scoreOf(b.session_id)).toEqual({
      ...straight.svc.scoreOf(a.session_id),
      session_id: b.session_id,
    });
  });

  it("a career resumes after a restart mid-run (its earlier deals rebuilt from storage) like an uninterrupted one", async () => {
    const req = { role: "seller" as const, task: "sell_career_5@1", seed: 8, episode_id: "c" };
    const straight = fresh();
    const a = await straight.svc.resetSeller(req);
    const whole = await playScriptedSeller(straight.svc, a.session_id, a.observation, 200);
    const first = fresh();
    const b = await first.svc.resetSeller(req);
    // Far enough into the run that at least one deal is done and stored.
    const half = await playScriptedSeller(first.svc, b.session_id, b.observation, 9);
    expect(half.obs.career?.episode_number).toBeGreaterThan(1);
    const second = fresh(first.store);
    const rest = await playScriptedSeller(second.svc, b.session_id, half.obs, 200);
    const replace = (t: string) => t.replaceAll(b.session_id, a.session_id);
    expect([...half.trace, ...rest.trace].map(replace)).toEqual(whole.trace);
    expect(second.svc.scoreOf(b.session_id)).toMatchObject({ episodes_completed: 5, total_episodes: 5 });
    expect(second.svc.scoreOf(b.session_id)).toEqual({
      ...straight.svc.scoreOf(a.session_id),
      session_id: b.session_id,
    });
  });

  it("a buyer reset on a seller session switches role and abandons the running sale", async () => {
    const { svc, store } = fresh();
    const r = await svc.resetSeller({ role: "seller", seed: 4, episode_id: "sale-1" });
    const buyer = await svc.reset({ session_id: r.session_id, task: "single_deal", seed: 4 });
    expect(buyer.observation.own_private_budget).toBeGreaterThan(0);
    expect(store.episode("sale-1")?.status).toBe("abandoned");
    await expect(
      svc.stepSeller({ session_id: r.session_id, action: { action_type: "walk" } }),
    ).rejects.toThrow(/plays the buyer/);
    const back = await svc.resetSeller({ role: "seller", session_id: r.session_id, seed: 4 });
    expect(back.observation.brief.reservation).toBeGreaterThan(0);
    expect(svc.stateOf(r.session_id)).toMatchObject({ role: "seller" });
  });

  it("a closed tab: an idle seller session expires after its TTL and answers 404 like any other", async () => {
    let clock = 1_000_000;
    const store = new EpisodeStore(openDatabase(":memory:"));
    const svc = createSessionService({ store, maxSessions: 8, sessionTtlS: 60, now: () => clock });
    const r = await svc.resetSeller({ role: "seller", seed: 6 });
    clock += 61_000;
    await expect(
      svc.stepSeller({ session_id: r.session_id, action: { action_type: "walk" } }),
    ).rejects.toThrow(/unknown, closed or expired/);
    expect(svc.capacity().active_sessions).toBe(0);
  });

  it("a seller-role episode branches with a seller move; a buyer move is refused; the buyer-typed reader refuses it", async () => {
    const { svc, store } = fresh();
    const r = await svc.resetSeller({ role: "seller", seed: 2, episode_id: "sale-2" });
    await svc.stepSeller({ session_id: r.session_id, action: { action_type: "walk" } });
    await expect(svc.counterfactual("sale-2", { from_round: 1, action: { type: "walk" } })).rejects.toThrow(
      /seller-role episode: branch it with a seller move/,
    );
    const cf = await svc.counterfactual("sale-2", {
      from_round: 1,
      action: { action_type: "counter", price: r.observation.own_last_quote },
    });
    expect(cf.original).toMatchObject({ outcome: "walk", rounds: 1, score: 0 });
    expect(cf.counterfactual.rounds).toBeGreaterThan(1);
    expect(store.episode(cf.episode_id)).toMatchObject({
      branched_from: "sale-2",
      from_round: 1,
      status: "finished",
    });
    expect(svc.episodeOf(cf.episode_id)).toMatchObject({ role: "seller", visibility: "full" });
    expect(() => svc.episode("sale-2")).toThrow(/seller-role episode/);
    expect(svc.episodeOf("sale-2")).toMatchObject({ role: "seller", visibility: "full" });
  });
});
