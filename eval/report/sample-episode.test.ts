import { describe, expect, it } from "vitest";
import type { DealRecord } from "../../env/records";
import type { UnitResult } from "../harness/unit-result";
import { pickSample } from "./sample-episode";

function record(episode: number, surplus: number): DealRecord {
  return {
    episode,
    outcome: "deal",
    agreed_price: 50,
    rounds_taken: 2,
    buyer_budget: 100,
    seller_cost: 30,
    buyer_surplus: 50,
    normalized_surplus_raw: surplus,
    normalized_surplus: surplus,
    buyer_capitulated: false,
  };
}

function unit(buyer: string, seed: number, surpluses: number[]): UnitResult {
  return {
    run_id: "r",
    buyer_id: buyer,
    buyer_prompt_hash: null,
    task_id: "t",
    task_version: "1",
    seed,
    seller: { id: "s", version: 1, hash: "h" },
    seller_key: "s@1",
    engine_version: "1",
    git_commit: "c",
    tells: false,
    transport: "in-process",
    records: surpluses.map((x, i) => record(i + 1, x)),
    walked_by: surpluses.map(() => null),
    score: 0,
    success: false,
    episodes_completed: surpluses.length,
    total_episodes: surpluses.length,
    decisions: 0,
    parse_errors: 0,
    guard_interventions: 0,
    tokens: null,
    latency_ms: null,
    steps: [],
  };
}

describe("pickSample", () => {
  const units = [
    unit("a", 1, [0.9]),
    unit("b", 1, [0.9]),
    unit("a", 2, [0.1]),
    unit("b", 2, [0.2]),
    unit("a", 3, [0.5]),
    unit("b", 3, [0.4]),
    // Seed 4 is missing buyer b: it cannot be the shared sample.
    unit("a", 4, [0.45]),
  ];

  it("takes the seed with the median surplus over the buyers, not seed 1", () => {
    expect(pickSample("t", ["a", "b"], units)).toEqual({
      seed: 3,
      episode: 1,
      why: "seed 3, the median of 3 seeds by mean surplus over the buyers",
    });
  });

  it("honours a chosen seed when every buyer ran it, and ignores one they did not", () => {
    expect(pickSample("t", ["a", "b"], units, 2)?.seed).toBe(2);
    expect(pickSample("t", ["a", "b"], units, 2)?.why).toBe("seed 2, chosen with --sample-seed");
    expect(pickSample("t", ["a", "b"], units, 4)?.seed).toBe(3);
  });

  it("picks the median episode of a career", () => {
    const career = [unit("a", 1, [0.9, 0.1, 0.5, 0.7, 0.2]), unit("b", 1, [0.8, 0.2, 0.4, 0.6, 0.3])];
    expect(pickSample("t", ["a", "b"], career)).toMatchObject({ seed: 1, episode: 3 });
    expect(pickSample("t", ["a", "b"], career)?.why).toContain("episode 3 of 5 (the median one)");
  });

  it("has nothing to draw for a task nobody finished", () => {
    expect(pickSample("other", ["a", "b"], units)).toBeNull();
  });
});
