import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Action } from "../../env/action";
import type { EpisodeSpec } from "../../env/episode-spec";
import type { EpisodeState } from "../../env/episode-state";
import { type RunState, startRun, stepRun } from "../../env/run";
import type { SellerPolicy } from "../../env/seller-policy";
import type { SellerType } from "../../env/seller-type";
import { testEpisodeSpec, testRunPlan } from "../../env/testing/test-spec";
import type { StoredEpisode } from "../storage/episode-store";
import { episodeView } from "./episode-view";
import { resetView } from "./reset-view";
import { stateView } from "./state-view";
import { stepView } from "./step-view";
import { storedEpisode } from "./testing/stored-episode";

/**
 * Non-interference: two worlds that differ only in the seller's hidden values (cost,
 * reservation, private memory), in which the seller makes the same moves and says the same
 * words, must look byte-identical to the buyer through every view the boundary produces, for
 * as long as the episode runs. (A seller's words and tells are its moves: a seller that says
 * its floor changes what it says, which is the rules guard's business, tested apart.)
 */

interface Script {
  /** The seller's counters, strictly falling, all above both worlds' reservations. */
  counters: number[];
  /** One buyer offer per round, below both worlds' reservations. */
  offers: number[];
  /** Filler the seller adds to each line. */
  chatter: string[];
  /** Whether the buyer accepts the last counter instead of making a final offer. */
  acceptAtEnd: boolean;
}

interface Hidden {
  cost: number;
  reservation: number;
  secret: string;
  /** Game v2's hidden seller type; when present the episode is a v2 one (potential-based reward). */
  type?: SellerType;
}

function scriptedSeller(script: Script, hidden: Hidden): SellerPolicy {
  return {
    ref: { id: "scripted", version: 1, hash: "sha256:test" },
    tellProfile: "default",
    persona: "default",
    acceptAtReservation: false,
    open: () => ({
      anchor: 100,
      reservation: hidden.reservation,
      maxRounds: script.counters.length + 1,
      inventoryPressure: 0.5,
      message: "Fresh stock today, ₹100 only.",
      memory: { floor: hidden.reservation, secret: hidden.secret },
    }),
    respond: (input) => {
      const price = script.counters[input.round - 1] ?? script.counters[script.counters.length - 1] ?? 100;
      return {
        action: "counter",
        price,
        message: `${script.chatter[input.round - 1] ?? "Hmm."} For you, ₹${price}.`,
        memory: { floor: hidden.reservation, secret: hidden.secret, round: input.round },
      };
    },
  };
}

function world(script: Script, hidden: Hidden): RunState {
  const seller = scriptedSeller(script, hidden);
  const spec = (episodeId: string): EpisodeSpec =>
    testEpisodeSpec({
      episode_id: episodeId,
      task_id: "non_interference",
      seller_cost: hidden.cost,
      rounds: script.counters.length + 1,
      ...(hidden.type === undefined ? {} : { seller_type: hidden.type }),
    });
  const plan = testRunPlan(seller, spec);
  return startRun(plan, {
    seed: 7,
    episodeId: "ep_ni",
    rewardMode: "shaped",
    enableTells: false,
    historyWindow: 6,
  });
}

const stored = (run: { episode: EpisodeState }): StoredEpisode => storedEpisode(run.episode);

/** Everything a buyer can read about a live run, as the transports would send it. */
function buyerViews(run: RunState): string[] {
  return [
    JSON.stringify(stateView(run)),
    JSON.stringify(episodeView(stored(run), { runLive: !run.episode.done, sessionEnded: false })),
  ];
}

/** Play the script in one world; returns what the buyer saw, step by step, while the episode ran. */
function transcript(script: Script, hidden: Hidden): { live: string[]; finalObservation: string } {
  const run = world(script, hidden);
  const live = [JSON.stringify(resetView("s", run, "test", [])), ...buyerViews(run)];
  const moves: Action[] = script.offers.map((price) => ({ type: "offer", price, message: `Say ${price}?` }));
  if (script.acceptAtEnd) moves[moves.length - 1] = { type: "accept" };
  let finalObservation = "";
  for (const action of moves) {
    if (run.episode.done) break;
    const r = stepRun(run, action);
    if (r.done) {
      // The episode is over: the reward and record may now reflect hidden values; the words may not.
      finalObservation = JSON.stringify(r.observation);
      break;
    }
    live.push(JSON.stringify(stepView("s", run.episode.spec.episode_id, r)), ...buyerViews(run));
  }
  return { live, finalObservation };
}

const money = (lo: number, hi: number) =>
  fc.integer({ min: Math.round(lo * 100), max: Math.round(hi * 100) }).map((c) => c / 100);

const scriptArb = fc.integer({ min: 2, max: 6 }).chain((n) =>
  fc.record({
    counters: fc
      .uniqueArray(fc.integer({ min: 71, max: 99 }), { minLength: n, maxLength: n })
      .map((xs) => [...xs].sort((a, b) => b - a)),
    offers: fc.array(money(5, 39), { minLength: n, maxLength: n }),
    chatter: fc.array(
      fc.constantFrom("Achha.", "Dekhiye bhai,", "Quality maal hai.", "Hmm.", "Last price,"),
      {
        minLength: n,
        maxLength: n,
      },
    ),
    acceptAtEnd: fc.boolean(),
  }),
);

// Hidden values sit strictly between the buyer's offers (≤ 39) and the counters (≥ 71), and never
// near a number the seller says, so the guard has nothing to rewrite in either world.
const hiddenArb = fc.record({
  cost: money(40, 50),
  reservation: money(51, 69),
  secret: fc.string({ maxLength: 12 }),
});

const unit = fc.double({ min: 0, max: 1, noNaN: true });
const typeArb: fc.Arbitrary<SellerType> = fc.record({
  margin: fc.double({ min: 0, max: 5, noNaN: true }),
  patience: unit,
  concession: fc.double({ min: 0.05, max: 20, noNaN: true }),
  reactivity: unit,
  walk_risk: unit,
  bluff_rate: unit,
  stock_pressure: unit,
});
const hiddenV2Arb = fc.record({
  cost: money(40, 50),
  reservation: money(51, 69),
  secret: fc.string({ maxLength: 12 }),
  type: typeArb,
});

describe("the information boundary", () => {
  it("shows the buyer byte-identical views in worlds that differ only in hidden values", () => {
    fc.assert(
      fc.property(scriptArb, hiddenArb, hiddenArb, (script, a, b) => {
        const ta = transcript(script, a);
        const tb = transcript(script, b);
        expect(ta.live).toEqual(tb.live);
        expect(ta.finalObservation).toEqual(tb.finalObservation);
      }),
      { numRuns: 200 },
    );
  });

  it("holds on game v2 episodes too: the hidden seller type and the potential-based reward", () => {
    fc.assert(
      fc.property(scriptArb, hiddenV2Arb, hiddenV2Arb, (script, a, b) => {
        const ta = transcript(script, a);
        const tb = transcript(script, b);
        expect(ta.live).toEqual(tb.live);
        expect(ta.finalObservation).toEqual(tb.finalObservation);
      }),
      { numRuns: 200 },
    );
  });

  it("is not vacuous: the hidden values are in the episode, just not in any view", () => {
    const script: Script = {
      counters: [90, 80],
      offers: [20, 30],
      chatter: ["Hmm.", "Hmm."],
      acceptAtEnd: false,
    };
    const hidden = { cost: 44.44, reservation: 66.66, secret: "under-the-counter" };
    const run = world(script, hidden);
    stepRun(run, { type: "offer", price: 20 });
    expect(JSON.stringify(run.episode.events)).toContain("66.66");
    expect(JSON.stringify(run.episode.events)).toContain("under-the-counter");
    for (const v of buyerViews(run)) {
      expect(v).not.toContain("66.66");
      expect(v).not.toContain("44.44");
      expect(v).not.toContain("under-the-counter");
    }
  });

  it("reveals the hidden values once the run is over", () => {
    const script: Script = {
      counters: [90, 80],
      offers: [20, 30],
      chatter: ["Hmm.", "Hmm."],
      acceptAtEnd: true,
    };
    const run = world(script, { cost: 44.44, reservation: 66.66, secret: "x" });
    stepRun(run, { type: "offer", price: 20 });
    stepRun(run, { type: "accept" });
    expect(run.episode.done).toBe(true);
    expect(stateView(run).hidden).toEqual({ seller_cost: 44.44, reservation: 66.66 });
    const view = episodeView(stored(run), { runLive: false, sessionEnded: false });
    expect(view.visibility).toBe("full");
    expect(JSON.stringify(view.events)).toContain("66.66");
  });
});
