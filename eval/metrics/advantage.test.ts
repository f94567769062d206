import { describe, expect, it } from "vitest";
import type { DealRecord } from "../../env/records";
import { advantageRates, classify, shares } from "./advantage";

const rec = (over: Partial<DealRecord>): DealRecord => ({
  episode: 1,
  outcome: "deal",
  agreed_price: 45,
  rounds_taken: 4,
  buyer_budget: 100,
  seller_cost: 30,
  buyer_surplus: 55,
  normalized_surplus_raw: 0.7857,
  normalized_surplus: 0.7857,
  buyer_capitulated: false,
  ...over,
});

describe("symmetric scoring (REFERENCE §12.2)", () => {
  it("splits the zone of agreement and calls wins at a 0.6 share", () => {
    expect(shares(rec({}))?.buyer).toBeCloseTo(55 / 70, 10);
    expect(classify(rec({}))).toBe("buyer_win");
    expect(classify(rec({ agreed_price: 80 }))).toBe("seller_win");
    expect(classify(rec({ agreed_price: 65 }))).toBe("tie");
    expect(classify(rec({ outcome: "walk", agreed_price: null }))).toBe("mutual_loss");
    expect(classify(rec({ outcome: "walk", agreed_price: null, buyer_budget: 20 }))).toBe("rational_walk");
  });

  it("rates count over all episodes; the mean share over deals only", () => {
    const r = advantageRates([
      rec({}),
      rec({ agreed_price: 65 }),
      rec({ outcome: "expired", agreed_price: null }),
    ]);
    expect(r).toMatchObject({ win_rate: 0.3333, tie_rate: 0.3333, mutual_loss_rate: 0.3333, loss_rate: 0 });
    expect(r.mean_buyer_share).toBeCloseTo((55 / 70 + 35 / 70) / 2, 4);
  });
});
