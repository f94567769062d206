import { describe, expect, it } from "vitest";
import { INVALID_MOVE_COST, POTENTIAL_WEIGHT, potential, shapedStepReward } from "./potential-reward";

describe("potential-based shaping", () => {
  it("is 0 at the opening ask and grows with every rupee the seller concedes", () => {
    const t = { anchor: 90 };
    expect(potential({ ...t, ask: 90 })).toBe(0);
    expect(potential({ ...t, ask: 72 })).toBeCloseTo(POTENTIAL_WEIGHT * (18 / 90), 12);
    expect(potential({ ...t, ask: 60 })).toBeGreaterThan(potential({ ...t, ask: 72 }));
  });

  it("telescopes: any path from the start to the end returns exactly the grade", () => {
    const path = [0, 0.1, 0.05, 0.3, 0.3];
    let total = 0;
    for (let i = 1; i < path.length; i++)
      total += shapedStepReward({
        before: path[i - 1] as number,
        after: path[i] as number,
        score: null,
        invalidNow: 0,
        invalidTotal: 0,
      }).reward;
    total += shapedStepReward({ before: 0.3, after: 0, score: 0.62, invalidNow: 0, invalidTotal: 0 }).reward;
    expect(total).toBeCloseTo(0.62, 10);
  });

  it("charges invalid moves when made and adds them back at the end, where the grade deducts them", () => {
    const step = shapedStepReward({ before: 0, after: 0, score: null, invalidNow: 1, invalidTotal: 1 });
    expect(step.components.invalid_action).toBe(-INVALID_MOVE_COST);
    const end = shapedStepReward({ before: 0, after: 0, score: 0.45, invalidNow: 0, invalidTotal: 1 });
    expect(step.reward + end.reward).toBeCloseTo(0.45, 10);
  });

  it("never charges a buyer for holding firm: a step where nothing changes is worth 0", () => {
    expect(
      shapedStepReward({ before: 0.2, after: 0.2, score: null, invalidNow: 0, invalidTotal: 0 }).reward,
    ).toBe(0);
  });
});
