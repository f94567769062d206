import { describe, expect, it } from "vitest";
import type { EpisodeSpec, RewardMode } from "../episode-spec";
import { replayEvents } from "../episode-state";
import { startRun, stepRun } from "../run";
import type { SellerPolicy } from "../seller-policy";
import { NEUTRAL_SELLER_TYPE } from "../seller-type";
import { testEpisodeSpec, testRunPlan } from "../testing/test-spec";
import type { MarketFeed, MarketSale, MarketTerms } from "./market-section";

/** A seller that counters 90, 80, 70, … and accepts any offer at or above 60. */
const seller: SellerPolicy = {
  ref: { id: "stepper", version: 1, hash: "test" },
  tellProfile: "default",
  persona: "default",
  acceptAtReservation: false,
  open: () => ({
    anchor: 100,
    reservation: 60,
    maxRounds: 6,
    inventoryPressure: 0.5,
    message: "₹100.",
    memory: {},
  }),
  respond: (input) =>
    input.buyerOffer >= 60
      ? { action: "accept", price: input.buyerOffer, message: "Done.", memory: {} }
      : { action: "counter", price: 100 - 10 * input.round, message: "Lower? No.", memory: {} },
};

const TERMS: MarketTerms = {
  units: 2,
  tick_ms: 1000,
  field: { id: "f", version: 1, hash: "h" },
  rivals: [{ id: "r", version: 1, hash: "h" }],
};

/** A tape on which rivals buy at the given rounds (virtual time = round × tick). */
function feedOf(sales: readonly MarketSale[]): MarketFeed {
  return {
    at: (round) => {
      const shown = sales.filter((s) => s.round <= round);
      return { units_total: TERMS.units, units_left: TERMS.units - shown.length, sales: shown };
    },
  };
}

function run(sales: readonly MarketSale[] | null, rewardMode: RewardMode = "shaped", v2 = true) {
  const spec = (episodeId: string): EpisodeSpec =>
    testEpisodeSpec({
      episode_id: episodeId,
      task_id: "arena_test",
      seed: 1,
      item: { name: "lamp", category: null, listing_id: null },
      reward_mode: rewardMode,
      ...(v2 ? { seller_type: NEUTRAL_SELLER_TYPE } : {}),
      ...(sales === null ? {} : { market: TERMS }),
    });
  const plan = testRunPlan(seller, spec, sales === null ? {} : { marketFeed: () => feedOf(sales) });
  return startRun(plan, { seed: 1, episodeId: "ep", rewardMode, enableTells: false, historyWindow: 6 });
}

const offer = (price: number) => ({ type: "offer" as const, price, message: "" });

describe("an episode beside a market", () => {
  it("shows units and the tape; a sale during a round rides on the seller's reply and is announced", () => {
    const r = run([{ round: 2, price: 88 }]);
    const first = stepRun(r, offer(30));
    expect(first.observation.market).toEqual({ units_total: 2, units_left: 2, sales: [] });
    const second = stepRun(r, offer(35));
    expect(second.observation.market).toEqual({
      units_total: 2,
      units_left: 1,
      sales: [{ round: 2, price: 88 }],
    });
    expect(second.observation.notice).toBe("Another buyer bought one at ₹88; 1 left.");
    const reply = r.episode.events.at(-1)!;
    expect(reply.type === "seller_replied" && reply.market).toEqual({
      units_left: 1,
      sales: [{ round: 2, price: 88 }],
    });
    expect(second.done).toBe(false);
  });

  it("ends the episode sold_out when the last unit goes while the buyer haggles", () => {
    const r = run([
      { round: 1, price: 90 },
      { round: 2, price: 85 },
    ]);
    stepRun(r, offer(30));
    const end = stepRun(r, offer(35));
    expect(end.done).toBe(true);
    expect(end.terminated).toBe(true);
    expect(end.truncated).toBe(false);
    expect(end.observation.deal_outcome).toBe("sold_out");
    expect(end.observation.notice).toContain("Sold out: another buyer took the last unit");
    expect(end.info.episode_result).toMatchObject({ outcome: "sold_out", agreed_price: null });
    expect(() => stepRun(r, offer(40))).toThrow(/over/);
  });

  it("the return equals the grade in every reward mode's own terms (0 for a sell-out)", () => {
    const sales = [
      { round: 1, price: 90 },
      { round: 3, price: 85 },
    ];
    for (const mode of ["shaped", "terminal"] as const) {
      const r = run(sales, mode);
      let ret = 0;
      for (const p of [20, 30, 40]) ret += stepRun(r, offer(p)).reward;
      expect(r.episode.outcome).toBe("sold_out");
      expect(Math.round(ret * 1e4) / 1e4).toBe(0);
    }
    const v1 = run(sales, "shaped", false);
    let last = 0;
    for (const p of [20, 30, 40]) last = stepRun(v1, offer(p)).reward;
    expect(v1.episode.last.components.sold_out_penalty).toBe(-0.15);
    expect(last).toBeLessThan(0);
  });

  it("a deal before the units run out is an ordinary deal, and takes no tape entry afterwards", () => {
    const r = run([{ round: 2, price: 85 }]);
    stepRun(r, offer(30));
    const deal = stepRun(r, offer(61));
    expect(deal.observation.deal_outcome).toBe("deal");
    expect(deal.observation.market).toEqual({ units_total: 2, units_left: 2, sales: [] });
  });

  it("replays from its log to the same state, and specs without a market show no market key", () => {
    const r = run([
      { round: 1, price: 90 },
      { round: 2, price: 85 },
    ]);
    stepRun(r, offer(30));
    stepRun(r, offer(35));
    const stored = JSON.parse(JSON.stringify(r.episode.events));
    expect(JSON.stringify(replayEvents(stored, r.plan.gradeEpisode))).toBe(JSON.stringify(r.episode));
    const plain = run(null);
    expect("market" in stepRun(plain, offer(30)).observation).toBe(false);
    expect(JSON.stringify(plain.episode.events)).not.toContain("market");
  });
});
