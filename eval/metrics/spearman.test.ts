import { describe, expect, it } from "vitest";
import { ranks, spearman } from "./spearman";

describe("spearman", () => {
  it("gives tied values their average rank", () => {
    expect(ranks([10, 20, 20, 5])).toEqual([2, 3.5, 3.5, 1]);
  });

  it("is 1 for any increasing relation and −1 for a decreasing one", () => {
    const x = [1, 2, 3, 4, 5];
    expect(
      spearman(
        x,
        x.map((v) => v ** 3),
      ),
    ).toBeCloseTo(1, 12);
    expect(
      spearman(
        x,
        x.map((v) => -Math.exp(v)),
      ),
    ).toBeCloseTo(-1, 12);
  });

  it("matches a hand-computed value with ties, and is 0 against a constant", () => {
    // ranks a = [1, 2, 3, 4], b = [1, 2.5, 2.5, 4]: Pearson of the ranks = 4.5 / sqrt(5 · 4.5).
    expect(spearman([1, 2, 3, 4], [1, 3, 3, 9])).toBeCloseTo(4.5 / Math.sqrt(5 * 4.5), 12);
    expect(spearman([1, 2, 3], [7, 7, 7])).toBe(0);
  });
});
