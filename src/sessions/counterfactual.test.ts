import { describe, expect, it } from "vitest";
import { EpisodeStore } from "../storage/episode-store";
import { openDatabase } from "../storage/open-database";
import { createSessionService } from "./engine-session-service";

function service() {
  const store = new EpisodeStore(openDatabase(":memory:"));
  return { store, svc: createSessionService({ store, maxSessions: 16, sessionTtlS: 600 }) };
}

/**
 * REFERENCE §16.4 counterfactual vector on the real engine: single_deal against the default
 * seller (budget 100, cost 30) counters 54 then 48; accepting 48 in round 3 grades
 * (100 − 48)/70 = 0.7429. Replacing round 3 with an offer of 50 closes at 50, and graded alone
 * (D13) that branch is 0.7143, not the original's score.
 */
describe("counterfactual branching", () => {
  async function original(svc: ReturnType<typeof service>["svc"]) {
    const r = await svc.reset({ seed: 1, episode_id: "cf-orig" });
    await svc.step({ session_id: r.session_id, action: { type: "offer", price: 30 } });
    const s2 = await svc.step({ session_id: r.session_id, action: { type: "offer", price: 35 } });
    expect(s2.observation.opponent_last_offer).toBe(48);
    const s3 = await svc.step({ session_id: r.session_id, action: { type: "accept" } });
    expect(s3.info.episode_result).toMatchObject({ outcome: "deal", agreed_price: 48 });
    return r.session_id;
  }

  it("replaces the buyer move of round k and grades the branch alone", async () => {
    const { svc, store } = service();
    const sid = await original(svc);
    const before = store.counts();
    const cf = await svc.counterfactual("cf-orig", { from_round: 3, action: { type: "offer", price: 50 } });
    expect(cf.original).toMatchObject({ outcome: "deal", agreed_price: 48, score: 0.7429 });
    expect(cf.counterfactual).toMatchObject({ outcome: "deal", agreed_price: 50, score: 0.7143 });
    expect(cf.branched_from).toBe("cf-orig");
    expect(cf.history[0]).toMatchObject({ round: 3, speaker: "buyer", action: "offer", price: 50 });
    // The branch is a new stored episode; the original and the session are untouched.
    expect(store.counts().episodes).toBe(before.episodes + 1);
    const branch = svc.episode(cf.episode_id);
    expect(branch.branched_from).toBe("cf-orig");
    expect(branch.from_round).toBe(3);
    expect(branch.summary).toMatchObject({ outcome: "deal", agreed_price: 50, score: 0.7143 });
    expect(branch.events?.slice(1, 5)).toEqual(svc.episode("cf-orig").events?.slice(1, 5));
    expect(svc.state(sid).agreed_price).toBe(48);
  });

  it("continues greedily or by repeating the original's later moves", async () => {
    const { svc } = service();
    await original(svc);
    const greedy = await svc.counterfactual("cf-orig", {
      from_round: 1,
      action: { type: "offer", price: 20 },
    });
    expect(greedy.continuation).toBe("greedy");
    expect(greedy.counterfactual.outcome).not.toBeNull();
    // Round 2 is replaced by the same move, and "repeat" then plays the original accept: same deal.
    const same = await svc.counterfactual("cf-orig", {
      from_round: 2,
      action: { type: "offer", price: 35 },
      continuation: "repeat",
    });
    expect(same.counterfactual).toEqual(same.original);
  });

  it("rejects a round the episode never played", async () => {
    const { svc } = service();
    await original(svc);
    await expect(svc.counterfactual("cf-orig", { from_round: 4, action: { type: "walk" } })).rejects.toThrow(
      /rounds 1..3/,
    );
  });
});
