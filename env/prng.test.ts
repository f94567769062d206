import { describe, expect, it } from "vitest";
import { deriveSeed, Rng, rngFor } from "./prng";

describe("prng", () => {
  it("same key, same draws; any key part changes them", () => {
    const draws = (r: Rng) => [r.next(), r.next(), r.gaussian()];
    expect(draws(rngFor(5, "seller", 1, 2))).toEqual(draws(rngFor(5, "seller", 1, 2)));
    const base = draws(rngFor(5, "seller", 1, 2));
    for (const other of [
      rngFor(6, "seller", 1, 2),
      rngFor(5, "tells", 1, 2),
      rngFor(5, "seller", 2, 2),
      rngFor(5, "seller", 1, 3),
    ]) {
      expect(draws(other)).not.toEqual(base);
    }
  });

  it("uses the whole of a large seed", () => {
    expect(rngFor(2 ** 40 + 1, "seller", 1, 1).next()).not.toBe(rngFor(1, "seller", 1, 1).next());
  });

  it("uniform draws are in [0, 1) with a sane mean; Gaussians have the right moments", () => {
    const r = new Rng(42);
    let sum = 0;
    let sq = 0;
    const n = 20_000;
    for (let i = 0; i < n; i++) {
      const u = r.next();
      expect(u).toBeGreaterThanOrEqual(0);
      expect(u).toBeLessThan(1);
      sum += u;
      const g = r.gaussian(0, 1);
      sq += g * g;
    }
    expect(sum / n).toBeGreaterThan(0.48);
    expect(sum / n).toBeLessThan(0.52);
    expect(sq / n).toBeGreaterThan(0.95);
    expect(sq / n).toBeLessThan(1.05);
  });

  it("shuffles in place into a permutation that only the seed decides", () => {
    const order = (seed: number) => {
      const items = Array.from({ length: 50 }, (_, i) => i);
      new Rng(seed).shuffle(items);
      return items;
    };
    expect([...order(3)].sort((x, y) => x - y)).toEqual(Array.from({ length: 50 }, (_, i) => i));
    expect(order(3)).toEqual(order(3));
    expect(order(3)).not.toEqual(order(4));
    expect(order(3)).not.toEqual(Array.from({ length: 50 }, (_, i) => i));
  });

  it("derives distinct seeds per label", () => {
    expect(deriveSeed(1, "a")).not.toBe(deriveSeed(1, "b"));
    expect(deriveSeed(1, "a")).toBe(deriveSeed(1, "a"));
  });
});
