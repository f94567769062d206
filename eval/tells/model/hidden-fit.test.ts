import { describe, expect, it } from "vitest";
import { combineSignals } from "../../../env/tells/signal-combiner";
import { fitCombiner } from "./combiner-fit";
import type { HiddenFit } from "./hidden-fit";
import type { Seen } from "./thresholds";

// Urgency in VERBAL_SIGNALS order is signal 0, deception 1.
const reading = (urgency: number, deception: number, gold: boolean): Seen => {
  const p = [urgency, deception, 0.1, 0.1, 0.1];
  return {
    gold: [gold, false, false, false, false],
    rule: [false, false, false, false, false],
    p,
    strongest: p,
    coverage: 0.8,
    clauses: 2,
    conceptLogit: [0, 0, 0, 0, 0],
    groups: [],
    network: [],
  };
};

// A reading that counts only when another says the opposite (an exclusive or): urgency read high
// is a deadline when deception reads low, and scarcity when it reads high; a message where
// urgency reads low carries urgency only when deception reads high. No linear sum of the two
// readings separates these; a hidden layer can.
const cases: [number, number, boolean][] = [
  [0.8, 0.1, true],
  [0.1, 0.9, true],
  [0.8, 0.9, false],
  [0.1, 0.1, false],
];
const seen: Seen[] = cases.flatMap(([u, d, g]) => Array.from({ length: 30 }, () => reading(u, d, g)));
const FIT: HiddenFit = { units: 4, l2: 1e-3, rate: 0.05, iterations: 400, seed: 3 };

describe("a combiner with a hidden layer", () => {
  const c = fitCombiner(seen, 0.8, "cross-signal/1", FIT);

  it("reads what no linear combiner can: one reading counting only given another", () => {
    for (const [u, d, g] of cases)
      expect(combineSignals(c, reading(u, d, g)).urgency.carried, `${u} ${d}`).toBe(g);
    const linear = fitCombiner(seen, 0.8, "cross-signal/1");
    const right = cases.filter(([u, d, g]) => combineSignals(linear, reading(u, d, g)).urgency.carried === g);
    expect(right.length).toBeLessThan(cases.length);
  });

  it("stores one layer per signal, as many units as asked, a weight per input", () => {
    expect(c.hidden).toHaveLength(5);
    for (const layer of c.hidden ?? []) {
      expect(layer.weights).toHaveLength(FIT.units);
      expect(layer.out).toHaveLength(FIT.units);
      expect(layer.weights.every((w) => w.length === 13)).toBe(true);
    }
  });

  it("is deterministic, and its seed matters", () => {
    expect(fitCombiner(seen, 0.8, "cross-signal/1", FIT)).toEqual(c);
    expect(fitCombiner(seen, 0.8, "cross-signal/1", { ...FIT, seed: 4 }).hidden).not.toEqual(c.hidden);
  });
});
