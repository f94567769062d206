import { describe, expect, it } from "vitest";
import type { DealRecord } from "../../env/records";
import { codeJudge } from "./code-judge";
import type { Rollout } from "./rollout";

const record = (price: number | null): DealRecord => ({
  episode: 1,
  outcome: price === null ? "walk" : "deal",
  agreed_price: price,
  rounds_taken: 3,
  buyer_budget: 100,
  seller_cost: 30,
  buyer_surplus: price === null ? 0 : 100 - price,
  normalized_surplus_raw: price === null ? 0 : (100 - price) / 70,
  normalized_surplus: price === null ? 0 : (100 - price) / 70,
  buyer_capitulated: false,
});
const roll = (price: number | null, lastAsk = 50): Rollout => ({
  decisions: [],
  records: [record(price)],
  lastAsk,
  openingAsk: 60,
  transcript: "",
});

describe("code judge", () => {
  it("a deal beats no deal, whatever the price", () => {
    expect(codeJudge(roll(null), roll(95)).winner).toBe("b");
  });
  it("then the higher surplus wins", () => {
    expect(codeJudge(roll(40), roll(50))).toMatchObject({ winner: "a", judge: "code" });
  });
  it("equal outcomes fall to the seller's last ask, softly", () => {
    expect(codeJudge(roll(null, 40), roll(null, 50)).winner).toBe("a");
    expect(codeJudge(roll(null, 50), roll(null, 50.5)).winner).toBe("tie");
    expect(codeJudge(roll(45, 50), roll(45.5, 50)).winner).toBe("tie");
  });
});
