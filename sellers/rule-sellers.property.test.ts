import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { EpisodeState } from "../env/episode-state";
import { leaksHidden, statesAnywhere } from "../env/reservation-leak";
import type { SellerPolicy, SellerRef } from "../env/seller-policy";
import { craigslistBotSeller } from "./craigslist-bot/craigslist-bot-seller";
import { ruleLineSet } from "./line-sets";
import { listSellers } from "./registry";
import { playOffers, sellerReplies } from "./testing/episode-harness";
import { timeBasedSeller } from "./time-based/time-based-seller";
import { titForTatSeller } from "./tit-for-tat/tit-for-tat-seller";

const ref: SellerRef = { id: "prop", version: 1, hash: "x" };

const setup = fc.record({
  seed: fc.nat({ max: 1_000_000 }),
  cost: fc.double({ min: 5, max: 50_000, noNaN: true }).map((c) => Math.round(c * 100) / 100),
  anchorRatio: fc.double({ min: 1.05, max: 3, noNaN: true }),
  rounds: fc.integer({ min: 1, max: 14 }),
  itemName: fc.constantFrom("brass lamp", "iPhone 13", "32 inch TV", "Rs 500 gift box", "pashmina shawl"),
});

// Buyer moves as shares of the budget: rising, falling, repeating and jumping.
const offerShares = fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 1, maxLength: 16 });

const timeParams = fc.record({
  e: fc.oneof(fc.constant(0), fc.double({ min: 0.05, max: 10, noNaN: true })),
  k: fc.double({ min: 0, max: 0.9, noNaN: true }),
  acceptance: fc.constantFrom("next" as const, "now" as const),
  anchorMultiplier: fc.double({ min: 0.8, max: 2, noNaN: true }),
  reserveMultiplier: fc.double({ min: 1, max: 1.5, noNaN: true }),
});
const tftParams = fc.record({
  mode: fc.constantFrom("relative" as const, "absolute" as const),
  scale: fc.double({ min: 0, max: 3, noNaN: true }),
  openingConcession: fc.double({ min: 0, max: 1, noNaN: true }),
  anchorMultiplier: fc.double({ min: 0.8, max: 2, noNaN: true }),
  reserveMultiplier: fc.double({ min: 1, max: 1.5, noNaN: true }),
});
const botParams = fc.record({
  overshoot: fc.double({ min: 1, max: 2, noNaN: true }),
  bottomLineMultiplier: fc.double({ min: 1, max: 1.5, noNaN: true }),
  concedeFraction: fc.double({ min: 0, max: 1, noNaN: true }),
  acceptWithin: fc.double({ min: 0, max: 0.2, noNaN: true }),
  finalCallRoundsLeft: fc.integer({ min: 0, max: 5 }),
  finalCallConcession: fc.double({ min: 0, max: 1, noNaN: true }),
});

const strategies: fc.Arbitrary<SellerPolicy> = fc.oneof(
  timeParams.map((p) => timeBasedSeller(ref, p, ruleLineSet("time-based-v1"), "time", "default")),
  tftParams.map((p) => titForTatSeller(ref, p, ruleLineSet("tit-for-tat-v1"))),
  botParams.map((p) => craigslistBotSeller(ref, p, ruleLineSet("craigslist-bot-v1"))),
  fc.constantFrom(...listSellers().filter((s) => !s.ref.id.startsWith("bazaar-"))),
);

// The frozen v1 bazaar personas say whatever their line pools hold: a number in a pressure line
// ("ten minutes ago") or the item's name may sit on a hidden value, and then the guard redacts it.
// Their quotes at the floor are public prices and stay.
const classics = fc.constantFrom(...listSellers().filter((s) => s.ref.id.startsWith("bazaar-")));

interface Setup {
  seed: number;
  cost: number;
  anchorRatio: number;
  rounds: number;
  itemName: string;
}

function play(seller: SellerPolicy, h: Setup, shares: readonly number[]): EpisodeState {
  const anchorBase = Math.round(h.cost * h.anchorRatio * 100) / 100;
  const budget = anchorBase * 2;
  return playOffers(
    seller,
    { ...h, anchorBase, budget },
    shares.map((x) => Math.round(x * budget * 100) / 100),
  );
}

const TEXT_RULES = ["reservation_in_text", "cost_in_text"];

/** The rules every reply must satisfy after the guard; returns the guard rules that fired. */
function checkEpisode(s: EpisodeState): string[] {
  const opening = s.events[0];
  if (opening?.type !== "episode_started") throw new Error("no opening");
  // Nothing hidden is said, except as the price the turn itself quotes.
  const hidden = [s.reservation, s.spec.seller_cost];
  expect(leaksHidden(opening.message, hidden, s.anchor)).toBe(false);
  const fired: string[] = [];
  // As in the guard: an opening ask below the floor (degenerate settings) lets counters sit at the floor.
  let last = Math.max(s.anchor, s.reservation);
  for (const r of sellerReplies(s)) {
    fired.push(...r.guard.map((g) => g.rule));
    expect(r.source).toBe("policy");
    expect(leaksHidden(r.message, hidden, r.price)).toBe(false);
    if (r.action === "counter") {
      expect(r.price as number).toBeLessThanOrEqual(last);
      expect(r.price as number).toBeGreaterThanOrEqual(s.reservation);
      last = r.price as number;
    }
    if (r.action === "accept") expect(r.price as number).toBeGreaterThanOrEqual(s.reservation);
  }
  if (sellerReplies(s).length >= s.maxRounds) expect(s.done).toBe(true);
  return fired;
}

describe("every rule seller obeys the hard rules on its own", () => {
  it("library sellers: no guard intervention, counters never rise or cross the floor, the floor is never said", () => {
    fc.assert(
      fc.property(strategies, setup, offerShares, (seller, h, shares) => {
        const s = play(seller, h, shares);
        // Documented exception: the lines name the item, and a number in its name ("32 inch TV")
        // may state the cost, or (honest speech has no quiet lines) the reservation; the guard cuts that.
        const namedCost = statesAnywhere(h.itemName, s.spec.seller_cost);
        const namedFloor = statesAnywhere(h.itemName, s.reservation);
        for (const rule of checkEpisode(s))
          expect(
            (namedCost && rule === "cost_in_text") || (namedFloor && rule === "reservation_in_text"),
            rule,
          ).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it("v1 bazaar personas need at most the redaction of a hidden value in words", () => {
    fc.assert(
      // v1 also leans on the guard when its opening ask sits below its floor; tasks never set that up.
      fc.property(classics, setup, offerShares, (seller, h, shares) => {
        fc.pre(h.anchorRatio >= 1.25);
        for (const rule of checkEpisode(play(seller, h, shares))) expect(TEXT_RULES).toContain(rule);
      }),
      { numRuns: 300 },
    );
  });
});
