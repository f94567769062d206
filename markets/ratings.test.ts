import { describe, expect, it } from "vitest";
import { bradleyTerry, type PairOutcome, paretoFrontier, rateAgents } from "./ratings";

const games = (winner: string, loser: string, n: number, market = "m"): PairOutcome[] =>
  Array.from({ length: n }, (_, i) => ({ market_id: `${market}${i}`, winner, loser }));

describe("Bradley–Terry", () => {
  it("recovers the order and the odds of a known matchup", () => {
    // a beats b 3 times in 4; with little prior weight the fitted odds are close to 3:1.
    const r = bradleyTerry([...games("a", "b", 300), ...games("b", "a", 100, "n")], ["a", "b"]);
    expect(Math.exp(r.get("a")! - r.get("b")!)).toBeCloseTo(3, 1);
    expect(r.get("a")! + r.get("b")!).toBeCloseTo(0, 9);
  });

  it("keeps an unbeaten agent finite and an unplayed agent at the centre", () => {
    const r = bradleyTerry(games("a", "b", 5), ["a", "b", "c"]);
    expect(Number.isFinite(r.get("a")!)).toBe(true);
    expect(r.get("a")!).toBeGreaterThan(r.get("c")!);
    expect(r.get("c")!).toBeGreaterThan(r.get("b")!);
  });

  it("gives bootstrap CIs that contain the estimate, narrow with more markets, and repeat by seed", () => {
    const few = [...games("a", "b", 6), ...games("b", "a", 3, "n")];
    const many = [...games("a", "b", 120), ...games("b", "a", 60, "n")];
    const rf = rateAgents(few, ["a", "b"], { seed: 1, resamples: 300 });
    const rm = rateAgents(many, ["a", "b"], { seed: 1, resamples: 300 });
    for (const r of [...rf, ...rm]) {
      expect(r.ci[0]).toBeLessThanOrEqual(r.rating + 1e-9);
      expect(r.ci[1]).toBeGreaterThanOrEqual(r.rating - 1e-9);
    }
    const width = (rs: typeof rf) => rs[0]!.ci[1] - rs[0]!.ci[0];
    expect(width(rm)).toBeLessThan(width(rf));
    expect(rateAgents(few, ["a", "b"], { seed: 1, resamples: 300 })).toEqual(rf);
    expect(rm[0]!.games).toBe(180);
  });
});

describe("paretoFrontier", () => {
  it("keeps exactly the undominated agents", () => {
    const pts = [
      { agent: "high-rate", deal_rate: 0.9, mean_surplus: 10 },
      { agent: "high-surplus", deal_rate: 0.2, mean_surplus: 90 },
      { agent: "balanced", deal_rate: 0.5, mean_surplus: 50 },
      { agent: "dominated", deal_rate: 0.4, mean_surplus: 40 },
      { agent: "tie-copy", deal_rate: 0.5, mean_surplus: 50 },
    ];
    expect(paretoFrontier(pts).map((p) => p.agent)).toEqual([
      "high-surplus",
      "balanced",
      "tie-copy",
      "high-rate",
    ]);
  });
});
