import { describe, expect, it } from "vitest";
import { type CemOptions, initCem, samplePopulation, updateCem } from "./cem";

const o: CemOptions = {
  population: 30,
  elite: 6,
  lo: [-5, -5],
  hi: [5, 5],
  minStdShare: 0.02,
  smoothing: 0.7,
  seed: 3,
};

describe("cross-entropy method", () => {
  it("finds the maximum of a concave function from a far start", () => {
    const f = (x: number[]) => -((x[0]! - 2) ** 2) - (x[1]! + 1) ** 2;
    let s = initCem([-4, 4], 0.3, o);
    for (let g = 0; g < 30; g++) {
      const pop = samplePopulation(s, o);
      s = updateCem(s, pop, pop.map(f), o);
    }
    expect(s.mean[0]).toBeCloseTo(2, 1);
    expect(s.mean[1]).toBeCloseTo(-1, 1);
  });

  it("samples inside the bounds and reproducibly per generation", () => {
    const s = initCem([4.9, -4.9], 1, o);
    const a = samplePopulation(s, o);
    expect(a).toEqual(samplePopulation(s, o));
    for (const x of a) for (const v of x) expect(Math.abs(v)).toBeLessThanOrEqual(5);
  });
});
