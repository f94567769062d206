import { describe, expect, it } from "vitest";
import { resolveSeller } from "../registry";
import { playOffers, sellerReplies } from "../testing/episode-harness";
import { repeatsRoundToRound } from "../testing/repeats";

/** Seeds whose episode has a seller sentence said again in the very next round. */
function seedsWithRepeats(key: string, seeds: number): number[] {
  const seller = resolveSeller(key);
  const out: number[] = [];
  for (let seed = 1; seed <= seeds; seed++) {
    // A stubborn buyer creeping up keeps the seller countering for all twelve rounds.
    const offers = Array.from({ length: 12 }, (_, i) => 200 + i * 5);
    const s = playOffers(seller, { seed, cost: 800, anchorBase: 1000, rounds: 12 }, offers);
    if (repeatsRoundToRound(sellerReplies(s).map((e) => e.message))) out.push(seed);
  }
  return out;
}

describe("the deceptive seller's words across rounds", () => {
  it("version 1 (frozen, still loadable) does repeat itself; that is what version 2 fixes", () => {
    expect(seedsWithRepeats("bazaar-deceptive@1", 50).length).toBeGreaterThan(10);
  });

  it.each([
    "bazaar-deceptive@2",
    "bazaar-deceptive@3",
    "bazaar-default@2",
    "bazaar-impatient@2",
    "bazaar-collaborative@2",
  ])("%s never says a sentence it said the round before", (key) => {
    expect(seedsWithRepeats(key, 300)).toEqual([]);
  });

  it("a bare id gets the newest version, and version 1 stays loadable for the tasks that pin it", () => {
    expect(resolveSeller("bazaar-deceptive").ref.version).toBe(3);
    expect(resolveSeller("bazaar-deceptive@1").ref.version).toBe(1);
  });
});
