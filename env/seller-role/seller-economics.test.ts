import { describe, expect, it } from "vitest";
import { guardAgentTurn } from "./agent-guard";
import { bonusScheme, sellerBonus, sellerEpisodeReward, sellerEpisodeScore } from "./seller-economics";

describe("seller-role money (one formula)", () => {
  it("bonus: 1 per 10 above the reservation, capped at 10 % of (ask − reservation)", () => {
    expect(bonusScheme(100, 60)).toEqual({ per_step: 1, step: 10, cap: 4 });
    expect(sellerBonus(85, 100, 60)).toBe(2);
    expect(sellerBonus(69.99, 100, 60)).toBe(0);
    expect(sellerBonus(100, 100, 60)).toBe(4);
    expect(sellerBonus(1000, 1000, 100)).toBe(90);
    expect(sellerBonus(60, 100, 60)).toBe(0);
    expect(sellerBonus(null, 100, 60)).toBe(0);
  });

  it("the bonus is reachable on every listing whose ask leaves 10 above the floor", () => {
    for (const [ask, res] of [
      [41.64, 31.61],
      [67.91, 41.1],
      [125.21, 43.9],
    ] as const) {
      expect(sellerBonus(ask, ask, res)).toBeGreaterThan(0);
    }
  });

  it("reward: profit share over the reservation; below the floor costs 0.5 more; no deal is 0", () => {
    expect(sellerEpisodeReward(80, 100, 60)).toBe(0.5);
    expect(sellerEpisodeReward(100, 100, 60)).toBe(1);
    expect(sellerEpisodeReward(50, 100, 60)).toBe(-0.75);
    expect(sellerEpisodeReward(null, 100, 60)).toBe(0);
    expect(sellerEpisodeScore(50, 100, 60)).toBe(0);
    expect(sellerEpisodeScore(80, 100, 60)).toBe(0.5);
  });
});

describe("the seller agent's guard grades, never protects", () => {
  const ctx = { buyerOffer: 50, lastQuote: 90, restate: (a: string, p: number | null) => `[${a} ${p}]` };

  it("lets the agent accept and counter below its reservation (no reservation rules at all)", () => {
    expect(guardAgentTurn({ action: "accept", price: null, message: "ok" }, ctx)).toEqual({
      action: "accept",
      price: 50,
      message: "ok",
      interventions: [],
    });
    const low = guardAgentTurn({ action: "counter", price: 55, message: "55, my floor is 60" }, ctx);
    expect(low).toMatchObject({
      action: "counter",
      price: 55,
      message: "55, my floor is 60",
      interventions: [],
    });
  });

  it("keeps the structural rules: a price, no retreat above the last quote, a counter under the offer is an accept", () => {
    const up = guardAgentTurn({ action: "counter", price: 120, message: "120!" }, ctx);
    expect(up.price).toBe(90);
    expect(up.interventions.map((i) => i.rule)).toEqual(["counter_above_last_quote"]);
    expect(up.message).toBe("120! [counter 90]");
    const none = guardAgentTurn({ action: "counter", price: null, message: "hmm" }, ctx);
    expect(none).toMatchObject({ action: "counter", price: 90 });
    expect(none.interventions[0]?.rule).toBe("counter_not_a_number");
    const under = guardAgentTurn({ action: "counter", price: 45, message: "45" }, ctx);
    expect(under).toMatchObject({ action: "accept", price: 50, message: "[accept 50]" });
  });
});
