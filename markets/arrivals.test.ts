import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ArrivalQueue, tieBreakKey } from "./arrivals";

describe("ArrivalQueue", () => {
  it("pops by time, then by key, whatever the push order", () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ at: fc.integer({ min: 0, max: 20 }), key: fc.integer({ min: 0, max: 1000 }) })),
        (rows) => {
          const q = new ArrivalQueue<number>();
          for (const [i, r] of rows.entries()) q.push(r.at, r.key, i);
          const out: { at: number; key: number }[] = [];
          for (let a = q.pop(); a !== undefined; a = q.pop()) out.push({ at: a.at, key: a.key });
          const sorted = [...rows]
            .sort((x, y) => x.at - y.at || x.key - y.key)
            .map((r) => ({ at: r.at, key: r.key }));
          expect(out).toEqual(sorted);
        },
      ),
    );
  });

  it("breaks ties by a seeded key that changes with the seed", () => {
    expect(tieBreakKey(1, "m", "a")).toBe(tieBreakKey(1, "m", "a"));
    const agents = ["a", "b", "c", "d", "e", "f"];
    const order = (seed: number) =>
      [...agents].sort((x, y) => tieBreakKey(seed, "m", x) - tieBreakKey(seed, "m", y)).join("");
    const orders = new Set([1, 2, 3, 4, 5, 6, 7, 8].map(order));
    expect(orders.size).toBeGreaterThan(1);
  });
});
