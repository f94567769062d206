import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { BuyerPolicy } from "../../buyers/buyer-policy";
import type { ResolvedBuyer } from "../../buyers/registry";
import { BUYER_RELEASES } from "../../buyers/releases";
import type { Action } from "../../env/action";
import type { EpisodeSpec } from "../../env/episode-spec";
import type { EpisodeState } from "../../env/episode-state";
import { resolveSeller } from "../../sellers/registry";
import {
  type SellerRunState,
  type SellerStepResult,
  startSellerRun,
  stepSellerRun,
} from "../../tasks/seller-role/seller-run";
import { requireSellerTask } from "../../tasks/seller-role/seller-tasks";
import type { StoredEpisode } from "../storage/episode-store";
import { sellerEpisodeView, sellerResetView, sellerStateView, sellerStepView } from "./seller-role-views";
import { storedEpisode } from "./testing/stored-episode";

/**
 * Non-interference in the seller role (the mirror of non-interference.test.ts): two worlds that
 * differ only in the BUYER's hidden values (budget, deadline), in which the buyer makes the same
 * moves and says the same words, must look byte-identical to the seller agent through every view
 * the boundary builds for it, for as long as the episode runs.
 */
interface Script {
  /** The buyer's offers, one per round, below every counter and below both worlds' budgets. */
  offers: number[];
  /** The seller agent's counters, strictly falling, above every offer. */
  counters: number[];
}
interface Hidden {
  budget: number;
  deadline: number | null;
}

/** A buyer that plays the script whatever its budget says (its budget is only hidden state). */
function scriptedBuyer(offers: number[]): ResolvedBuyer {
  const policy: BuyerPolicy = {
    id: "scripted",
    promptHash: null,
    act: async (obs) => {
      const price = offers[obs.current_round] ?? offers[offers.length - 1] ?? 1;
      const action: Action = { type: "offer", price, message: `Bas ${price}, bhai.` };
      return { action, parseError: false };
    },
  };
  const release = BUYER_RELEASES[0] as (typeof BUYER_RELEASES)[number];
  return { ref: { id: "scripted", version: 1, hash: "test" }, policy, release, model: null };
}

function spec(script: Script, hidden: Hidden): EpisodeSpec {
  return {
    episode_id: "ep_sni",
    task_id: "sell_single_deal",
    task_version: "1",
    seed: 11,
    episode: 1,
    total_episodes: 1,
    item: { name: "brass lamp", category: null, listing_id: null },
    buyer_budget: hidden.budget,
    seller_cost: 40,
    anchor_base: 100,
    rounds: script.counters.length + 1,
    concession_rate: 0.1,
    inventory: 1,
    batna_probability: 0,
    buyer_deadline: hidden.deadline,
    reveal_personality: false,
    enable_tells: true,
    history_window: 6,
    reward_mode: "terminal",
    enable_career: false,
    career: null,
  };
}

const stored = (run: { episode: EpisodeState }): StoredEpisode => storedEpisode(run.episode);

const sellerViews = (run: SellerRunState, r: SellerStepResult): string[] => [
  JSON.stringify(sellerStepView("s", r)),
  JSON.stringify(sellerStateView("s", run)),
  JSON.stringify(
    sellerEpisodeView(stored(run), run.buyer.ref, { status: "running", runLive: true, sessionEnded: false }),
  ),
];

async function transcript(script: Script, hidden: Hidden): Promise<string[]> {
  const persona = resolveSeller("bazaar-default@1");
  const task = requireSellerTask("sell_single_deal@1");
  const { run, result } = await startSellerRun(
    task,
    spec(script, hidden),
    persona,
    scriptedBuyer(script.offers),
  );
  const live = [JSON.stringify(sellerResetView("s", run, result, [])), ...sellerViews(run, result)];
  for (const price of script.counters) {
    if (run.episode.done) break;
    const r = await stepSellerRun(run, { action_type: "counter", price, message: `Sirf ${price}, pakka.` });
    if (r.done) break;
    live.push(...sellerViews(run, r));
  }
  return live;
}

const scriptArb = fc.integer({ min: 2, max: 6 }).chain((n) =>
  fc.record({
    offers: fc
      .array(fc.integer({ min: 5, max: 39 }), { minLength: n, maxLength: n })
      .map((xs) => [...xs].sort((a, b) => a - b)),
    counters: fc
      .uniqueArray(fc.integer({ min: 60, max: 99 }), { minLength: n, maxLength: n })
      .map((xs) => [...xs].sort((a, b) => b - a)),
  }),
);
const hiddenArb = fc.record({
  budget: fc.integer({ min: 4000, max: 20000 }).map((c) => c / 100),
  deadline: fc.option(fc.integer({ min: 1, max: 8 }), { nil: null }),
});

describe("the information boundary in the seller role", () => {
  it("shows the seller agent byte-identical views in worlds that differ only in the buyer's budget", async () => {
    await fc.assert(
      fc.asyncProperty(scriptArb, hiddenArb, hiddenArb, async (script, a, b) => {
        expect(await transcript(script, a)).toEqual(await transcript(script, b));
      }),
      { numRuns: 100 },
    );
  });

  it("is not vacuous: the budget is in the episode, just not in any seller view until it is over", async () => {
    const script = { offers: [20, 30], counters: [90, 80] };
    const persona = resolveSeller("bazaar-default@1");
    const task = requireSellerTask("sell_single_deal@1");
    const { run, result } = await startSellerRun(
      task,
      spec(script, { budget: 123.45, deadline: 3 }),
      persona,
      scriptedBuyer(script.offers),
    );
    expect(JSON.stringify(run.episode.events)).toContain("123.45");
    for (const v of [JSON.stringify(sellerResetView("s", run, result, [])), ...sellerViews(run, result)]) {
      expect(v).not.toContain("123.45");
    }
    await stepSellerRun(run, { action_type: "walk" });
    expect(sellerStateView("s", run).hidden).toEqual({ buyer_budget: 123.45, buyer_deadline: 3 });
  });
});
