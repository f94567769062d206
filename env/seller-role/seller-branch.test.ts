import { describe, expect, it } from "vitest";
import { type ResolvedBuyer, resolveBuyer } from "../../buyers/registry";
import { scriptedSellerAgent } from "../../tasks/seller-role/scripted-seller-agent";
import { openSellerRun, type SellerRunState, stepSellerRun } from "../../tasks/seller-role/seller-run";
import type { EpisodeEvent } from "../events";
import { observe } from "../observe";
import { agentReplies, type BuyerDecide, branchSellerEpisodeLog, greedySellerMove } from "./seller-branch";
import { sellerRecord } from "./seller-record";

// Fixture episodes come from the task layer (tests only), played by the scripted seller agent.
async function played(buyerKey: string, seed: number): Promise<SellerRunState> {
  const buyer = resolveBuyer(buyerKey);
  const { run, result } = await openSellerRun("sell_single_deal@1", { seed, episodeId: "orig", buyer });
  let r = result;
  while (!r.done) r = await stepSellerRun(run, scriptedSellerAgent(r.observation));
  return run;
}

/** The pinned buyer as the branch asks it: the same policy and decision context as live. */
const decideWith =
  (b: ResolvedBuyer): BuyerDecide =>
  async (s, step) =>
    (await b.policy.act(observe(s), { seed: s.spec.seed, episode: s.spec.episode, step })).action;

const withoutId = (events: readonly EpisodeEvent[]) =>
  JSON.stringify(
    events.map((e) => (e.type === "episode_started" ? { ...e, spec: { ...e.spec, episode_id: "" } } : e)),
  );

/** A buyer key and seed whose episode has at least `n` agent replies (found, not assumed). */
async function longEpisode(buyerKey: string, n: number): Promise<SellerRunState> {
  for (let seed = 1; seed < 60; seed++) {
    const run = await played(buyerKey, seed);
    if (agentReplies(run.episode.events).length >= n) return run;
  }
  throw new Error(`no episode with ${n} agent replies`);
}

describe("branchSellerEpisodeLog", () => {
  for (const key of ["rule-smart@1", "boulware@1", "ev@1"]) {
    it(`${key}: replaying every agent reply from round k with "repeat" rebuilds the original log byte for byte`, async () => {
      const run = await longEpisode(key, 3);
      const events = run.episode.events;
      const replies = agentReplies(events);
      for (const reply of replies) {
        const action =
          reply.action === "counter"
            ? { action_type: "counter" as const, price: reply.price, message: reply.message }
            : { action_type: reply.action, message: reply.message };
        const b = await branchSellerEpisodeLog(
          events,
          reply.round,
          action,
          "repeat",
          "br",
          run.runtime,
          decideWith(run.buyer),
        );
        expect(b?.spec.episode_id).toBe("br");
        expect(withoutId(b?.events ?? [])).toBe(withoutId(events));
      }
    });
  }

  it("plays a different move at round k, keeps the prefix, and reaches an end with a seller record", async () => {
    const run = await longEpisode("rule-smart@1", 2);
    const events = run.episode.events;
    const b = await branchSellerEpisodeLog(
      events,
      1,
      { action_type: "walk", message: "Not today." },
      "greedy",
      "br",
      run.runtime,
      decideWith(run.buyer),
    );
    expect(b?.done).toBe(true);
    expect(b?.outcome).toBe("walk");
    expect(b?.round).toBe(1);
    const cut = events.findIndex((e) => e.type === "seller_replied");
    expect(withoutId(b?.events.slice(0, cut) ?? [])).toBe(withoutId(events.slice(0, cut)));
    expect(b === null ? null : sellerRecord(b)?.outcome).toBe("walk");
  });

  it("is deterministic: the same branch twice gives byte-identical events", async () => {
    const run = await longEpisode("ev@1", 2);
    const go = () =>
      branchSellerEpisodeLog(
        run.episode.events,
        1,
        { action_type: "counter", price: run.episode.anchor, message: "I hold my price." },
        "greedy",
        "br",
        run.runtime,
        decideWith(run.buyer),
      );
    const [a, b] = [await go(), await go()];
    expect(JSON.stringify(a?.events)).toBe(JSON.stringify(b?.events));
    expect(a?.done).toBe(true);
  });

  it("answers null for a round with no agent reply", async () => {
    const run = await played("rule-smart@1", 3);
    const rounds = agentReplies(run.episode.events).length;
    const b = await branchSellerEpisodeLog(
      run.episode.events,
      rounds + 1,
      { action_type: "accept" },
      "greedy",
      "br",
      run.runtime,
      decideWith(run.buyer),
    );
    expect(b).toBeNull();
  });

  it("greedy continuation never counters below the reservation nor above the last quote", async () => {
    const run = await longEpisode("boulware@1", 3);
    const b = await branchSellerEpisodeLog(
      run.episode.events,
      1,
      { action_type: "counter", price: run.episode.anchor },
      "greedy",
      "br",
      run.runtime,
      decideWith(run.buyer),
    );
    const counters = agentReplies(b?.events ?? []).filter((e) => e.action === "counter" && e.round > 1);
    for (const c of counters) {
      expect(c.price).toBeGreaterThanOrEqual(run.episode.reservation);
      expect(c.guard).toEqual([]);
    }
    expect(greedySellerMove({ ...run.episode, lastBuyerOffer: run.episode.reservation })).toEqual({
      action_type: "accept",
    });
  });
});
