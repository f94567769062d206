import { describe, expect, it } from "vitest";
import { round2 } from "../../env/money";
import { resolveSeller } from "../registry";
import { playOffers, sellerReplies } from "../testing/episode-harness";
import { targetPrice } from "./time-curve";

const h = { seed: 3, cost: 30, anchorBase: 60, rounds: 8 };

describe("time-based sellers on the engine", () => {
  it("hardliner@2 holds its ask until late, then concedes: a patient buyer beats an impatient one (hardliner@1 never moved)", () => {
    const patient = playOffers(resolveSeller("hardliner@2"), h, [20, 20, 20, 20, 20, 20, 20, 33]);
    expect(patient.outcome).toBe("deal");
    expect(patient.agreedPrice).toBe(33);
    const quotes = sellerReplies(playOffers(resolveSeller("hardliner@2"), h, Array(6).fill(1))).map(
      (r) => r.price,
    );
    expect(quotes.slice(0, 4).every((q) => (q as number) > 59)).toBe(true);
    const v1 = playOffers(resolveSeller("hardliner@1"), h, [20, 20, 20, 20, 20, 20, 20, 33]);
    expect(v1.outcome).toBe("expired");
  });

  for (const [key, e] of [
    ["boulware@1", 0.2],
    ["linear@1", 1],
    ["conceder@1", 2],
  ] as const) {
    it(`${key} quotes its documented curve and reaches the reservation at the deadline`, () => {
      const s = playOffers(resolveSeller(key), h, Array(8).fill(1));
      const quotes = sellerReplies(s).map((r) => r.price);
      const expected = [1, 2, 3, 4, 5, 6, 7, 8].map((r) => round2(targetPrice(r / 8, e, 0, 60, 31.5)));
      expect(s.anchor).toBe(60);
      expect(quotes).toEqual(expected);
      expect(quotes.at(-1)).toBe(31.5);
      expect(s.outcome).toBe("expired");
    });
  }

  it("hardliner@1 never moves from its opening ask", () => {
    const s = playOffers(resolveSeller("hardliner@1"), h, Array(8).fill(50));
    expect(new Set(sellerReplies(s).map((r) => r.price))).toEqual(new Set([60]));
  });

  it("accepts an offer that reaches the price it would quote next round (AC_next)", () => {
    // linear, round 1: quote 60 − 28.5/8 = 56.44; next round's quote 52.88.
    const s = playOffers(resolveSeller("linear@1"), h, [53]);
    expect(sellerReplies(s)[0]).toMatchObject({ action: "accept", price: 53 });
    const t = playOffers(resolveSeller("linear@1"), h, [52]);
    expect(sellerReplies(t)[0]).toMatchObject({ action: "counter", price: 56.44 });
  });
});
