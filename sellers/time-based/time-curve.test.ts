import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { concession, targetPrice } from "./time-curve";

const e = fc.double({ min: 0.01, max: 20, noNaN: true });
const k = fc.double({ min: 0, max: 1, noNaN: true });
const t = fc.double({ min: 0, max: 1, noNaN: true });

describe("GENIUS concession curve", () => {
  it("f(0) = k and f(1) = 1 for every e > 0", () => {
    fc.assert(
      fc.property(e, k, (ee, kk) => {
        expect(concession(0, ee, kk)).toBeCloseTo(kk, 12);
        expect(concession(1, ee, kk)).toBeCloseTo(1, 12);
      }),
    );
  });

  it("is monotone in t, so the target never rises", () => {
    fc.assert(
      fc.property(e, k, t, t, (ee, kk, a, b) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        expect(concession(lo, ee, kk)).toBeLessThanOrEqual(concession(hi, ee, kk) + 1e-12);
        expect(targetPrice(hi, ee, kk, 100, 40)).toBeLessThanOrEqual(targetPrice(lo, ee, kk, 100, 40) + 1e-9);
      }),
    );
  });

  it("Hardliner (e = 0) is f ≡ k, deadline included", () => {
    fc.assert(
      fc.property(k, t, (kk, tt) => {
        expect(concession(tt, 0, kk)).toBe(kk);
      }),
    );
    expect(concession(1, 0, 0)).toBe(0);
  });

  it("Boulware stays above Linear, which stays above Conceder, strictly inside (0, 1)", () => {
    for (const tt of [0.1, 0.25, 0.5, 0.75, 0.9]) {
      const [b, l, c] = [0.2, 1, 2].map((ee) => targetPrice(tt, ee, 0, 100, 40)) as [number, number, number];
      expect(b).toBeGreaterThan(l);
      expect(l).toBeGreaterThan(c);
    }
    expect(targetPrice(0.5, 1, 0, 100, 40)).toBeCloseTo(70, 12);
    expect(targetPrice(0.5, 2, 0, 100, 40)).toBeCloseTo(100 - 60 * Math.SQRT1_2, 12);
  });
});
