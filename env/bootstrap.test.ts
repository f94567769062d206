import { describe, expect, it } from "vitest";
import { bootstrapCi, mean, pairedBootstrapCi } from "./bootstrap";
import { Rng } from "./prng";

describe("bootstrap CIs", () => {
  const rng = new Rng(11);
  const values = Array.from({ length: 40 }, () => rng.next());

  it("is deterministic for a seed and covers the sample mean", () => {
    const a = bootstrapCi(values, { seed: 5 });
    expect(bootstrapCi(values, { seed: 5 })).toEqual(a);
    expect(a[0]).toBeLessThan(mean(values));
    expect(a[1]).toBeGreaterThan(mean(values));
    expect(bootstrapCi(values, { seed: 6 })).not.toEqual(a);
  });

  it("narrows with more data and collapses for constant samples", () => {
    const wide = bootstrapCi(values.slice(0, 8), { seed: 1 });
    const narrow = bootstrapCi(values, { seed: 1 });
    expect(narrow[1] - narrow[0]).toBeLessThan(wide[1] - wide[0]);
    expect(bootstrapCi([0.5, 0.5, 0.5], { seed: 1 })).toEqual([0.5, 0.5]);
    expect(bootstrapCi([], { seed: 1 })).toEqual([0, 0]);
  });

  it("pairs by index: a constant shift has a zero-width CI at the shift", () => {
    const shifted = values.map((v) => v + 0.25);
    const r = pairedBootstrapCi(values, shifted, { seed: 3 });
    expect(r.meanDiff).toBeCloseTo(0.25, 12);
    expect(r.ci[0]).toBeCloseTo(0.25, 12);
    expect(r.ci[1]).toBeCloseTo(0.25, 12);
    expect(() => pairedBootstrapCi([1], [1, 2], { seed: 1 })).toThrow(RangeError);
  });
});
