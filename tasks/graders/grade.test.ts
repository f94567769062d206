import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { DealRecord } from "../../env/records";
import { GRADER_KINDS, type GraderParams, grade } from "./grade";

const TASK: GraderParams = { buyerBudget: 100, sellerCost: 30, buyerDeadline: null, roundsPerEpisode: 8 };

function deal(price: number, round: number, episode = 1): DealRecord {
  const raw = (100 - price) / 70;
  return {
    episode,
    outcome: "deal",
    agreed_price: price,
    rounds_taken: round,
    buyer_budget: 100,
    seller_cost: 30,
    buyer_surplus: 100 - price,
    normalized_surplus_raw: raw,
    normalized_surplus: Math.min(1, Math.max(0, raw)),
    buyer_capitulated: false,
  };
}

function noDeal(outcome: "walk" | "expired", round: number, episode = 1): DealRecord {
  return {
    episode,
    outcome,
    agreed_price: null,
    rounds_taken: round,
    buyer_budget: 100,
    seller_cost: 30,
    buyer_surplus: 0,
    normalized_surplus_raw: 0,
    normalized_surplus: 0,
    buyer_capitulated: false,
  };
}

describe("grader vectors (B 100, C 30)", () => {
  it("single_deal: deal at 45 scores 0.7857, no deal scores 0", () => {
    expect(grade("single_deal", [deal(45, 4)], TASK)).toBe(0.7857);
    expect(grade("single_deal", [noDeal("walk", 2)], TASK)).toBe(0);
    expect(grade("single_deal", [noDeal("expired", 8)], TASK)).toBe(0);
  });

  it("single_deal grades the first record only", () => {
    expect(grade("single_deal", [deal(45, 4), deal(30, 2, 2)], TASK)).toBe(0.7857);
    expect(grade("single_deal", [noDeal("walk", 1), deal(30, 2, 2)], TASK)).toBe(0);
  });

  it("asymmetric: deal at 45 after the deadline halves to 0.3929; on time keeps 0.7857", () => {
    const p = { ...TASK, buyerDeadline: 5 };
    expect(grade("asymmetric", [deal(45, 6)], p)).toBe(0.3929);
    expect(grade("asymmetric", [deal(45, 5)], p)).toBe(0.7857);
    expect(grade("asymmetric", [deal(45, 4)], p)).toBe(0.7857);
  });

  it("asymmetric falls back to a deadline of 5 when the task sets none", () => {
    expect(grade("asymmetric", [deal(45, 6)], TASK)).toBe(0.3929);
    expect(grade("asymmetric", [deal(45, 6)], { ...TASK, buyerDeadline: 7 })).toBe(0.7857);
  });

  it("read_the_tells: 50 → 0.7786, 70 → 0.4286, 30 → 1.0", () => {
    expect(grade("read_the_tells", [deal(50, 3)], TASK)).toBe(0.7786);
    expect(grade("read_the_tells", [deal(70, 3)], TASK)).toBe(0.4286);
    expect(grade("read_the_tells", [deal(30, 3)], TASK)).toBe(1);
  });

  it("read_the_tells averages over every episode, non-deals counting 0", () => {
    expect(grade("read_the_tells", [deal(70, 3), noDeal("walk", 2, 2)], TASK)).toBe(0.2143);
  });

  it("career: [deal 45 @ 4] → 0.6679; [deal 45 @ 4, walk] → 0.3339", () => {
    expect(grade("career", [deal(45, 4)], TASK)).toBe(0.6679);
    expect(grade("career", [deal(45, 4), noDeal("walk", 3, 2)], TASK)).toBe(0.3339);
  });

  it("career measures speed against roundsPerEpisode (D3)", () => {
    // 10 rounds per episode: 0.7857 × (1 − 0.3·4/10) = 0.6914
    expect(grade("career", [deal(45, 4)], { ...TASK, roundsPerEpisode: 10 })).toBe(0.6914);
    // Legacy 2 rounds: 1 − 0.3·4/2 = 0.4
    expect(grade("career", [deal(45, 4)], { ...TASK, roundsPerEpisode: 2 })).toBe(0.3143);
  });

  it("personality: mean surplus share over all episodes", () => {
    expect(grade("personality", [deal(45, 4)], TASK)).toBe(0.7857);
    expect(grade("personality", [deal(45, 4), noDeal("expired", 8, 2)], TASK)).toBe(0.3929);
  });

  it("amazon uses the record's own normalized surplus, not the task's prices", () => {
    const r: DealRecord = {
      ...deal(1500, 3),
      buyer_budget: 1990,
      seller_cost: 1043,
      normalized_surplus_raw: 0.5174,
      normalized_surplus: 0.5174,
    };
    expect(grade("amazon", [r], TASK)).toBe(0.5174);
    expect(grade("amazon", [noDeal("walk", 2)], TASK)).toBe(0);
  });

  it("a deal price above the budget scores 0 and one below cost is capped at 1", () => {
    expect(grade("single_deal", [deal(120, 2)], TASK)).toBe(0);
    expect(grade("single_deal", [deal(20, 2)], TASK)).toBe(1);
    expect(grade("personality", [deal(20, 2)], TASK)).toBe(1);
  });

  it("a deal outcome without a price counts as no deal", () => {
    const r: DealRecord = { ...deal(45, 4), agreed_price: null };
    for (const kind of GRADER_KINDS) expect(grade(kind, [r], TASK)).toBe(0);
  });

  it("a task with no surplus to win scores 0 on the surplus term", () => {
    const flat = { ...TASK, buyerBudget: 30 };
    expect(grade("single_deal", [deal(25, 2)], flat)).toBe(0);
    expect(grade("read_the_tells", [deal(25, 2)], flat)).toBe(0);
  });

  it("every grader gives 0 for no records", () => {
    for (const kind of GRADER_KINDS) expect(grade(kind, [], TASK)).toBe(0);
  });
});

const recordArb: fc.Arbitrary<DealRecord> = fc.record({
  episode: fc.integer({ min: 1, max: 50 }),
  outcome: fc.constantFrom("deal" as const, "walk" as const, "expired" as const),
  agreed_price: fc.option(fc.double(), { nil: null }),
  rounds_taken: fc.integer({ min: 0, max: 100 }),
  buyer_budget: fc.double(),
  seller_cost: fc.double(),
  buyer_surplus: fc.double(),
  normalized_surplus_raw: fc.double(),
  normalized_surplus: fc.double({ min: 0, max: 1, noNaN: true }),
  buyer_capitulated: fc.boolean(),
});

const paramsArb: fc.Arbitrary<GraderParams> = fc.record({
  buyerBudget: fc.double({ min: -1e6, max: 1e6, noNaN: true }),
  sellerCost: fc.double({ min: -1e6, max: 1e6, noNaN: true }),
  buyerDeadline: fc.option(fc.integer({ min: 0, max: 20 }), { nil: null }),
  roundsPerEpisode: fc.integer({ min: 0, max: 50 }),
});

describe("grader range", () => {
  it("every grader returns a finite value in [0, 1] with at most 4 decimals", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...GRADER_KINDS),
        fc.array(recordArb, { maxLength: 12 }),
        paramsArb,
        (kind, records, p) => {
          const s = grade(kind, records, p);
          expect(Number.isFinite(s)).toBe(true);
          expect(s).toBeGreaterThanOrEqual(0);
          expect(s).toBeLessThanOrEqual(1);
          expect(Math.round(s * 1e4) / 1e4).toBe(s);
        },
      ),
      { numRuns: 2000 },
    );
  });
});
