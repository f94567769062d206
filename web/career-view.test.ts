import { describe, expect, it } from "vitest";
import type { DealRecord } from "../src/wire/env-types";
import { dealSummary, handoverNotice } from "./career-view";

const record = (over: Partial<DealRecord>): DealRecord => ({
  episode: 1,
  outcome: "deal",
  agreed_price: 55.96,
  rounds_taken: 3,
  buyer_budget: 100,
  seller_cost: 40,
  buyer_surplus: 44.04,
  normalized_surplus_raw: 0.73,
  normalized_surplus: 0.73,
  buyer_capitulated: false,
  ...over,
});

describe("career wording", () => {
  it("counts rounds in good English", () => {
    expect(dealSummary(record({ rounds_taken: 1 }))).toBe("bought at ₹55.96 in 1 round");
    expect(dealSummary(record({}))).toBe("bought at ₹55.96 in 3 rounds");
    expect(dealSummary(record({ outcome: "walk", agreed_price: null, rounds_taken: 2 }))).toBe(
      "no deal, walked in 2 rounds",
    );
  });

  it("says which deal closed, how, and what comes next", () => {
    expect(handoverNotice(record({ episode: 2 }), 3, 10)).toBe(
      "Deal 2 of 10 closed: bought at ₹55.96 in 3 rounds (it cost the seller ₹40). Deal 3 starts below.",
    );
  });
});
