import { describe, expect, it } from "vitest";
import { combineSignals } from "../../../env/tells/signal-combiner";
import { fitCombiner, pickThreshold } from "./combiner-fit";
import type { Seen } from "./thresholds";

// Five signals in VERBAL_SIGNALS order: urgency 0, deception 1, confidence 2, sympathy 3, condition 4.
const reading = (
  urgency: number,
  deception: number,
  gold: [boolean, boolean],
  coverage = 0.8,
  clauses = 2,
): Seen => {
  const p = [urgency, deception, 0.1, 0.1, 0.1];
  return {
    gold: [gold[0], gold[1], false, false, false],
    rule: [false, false, false, false, false],
    p,
    strongest: p,
    coverage,
    clauses,
    conceptLogit: [0, 0, 0, 0, 0],
    groups: [],
    network: [],
  };
};

// The model reads urgency high on both deadlines and scarcity claims; only the deception reading
// tells them apart. A threshold on urgency alone cannot; the combiner can.
const seen: Seen[] = [];
for (let i = 0; i < 40; i++) {
  seen.push(reading(0.8, 0.1, [true, false])); // a deadline
  seen.push(reading(0.8, 0.9, [false, true])); // "it will be gone soon": scarcity
  seen.push(reading(0.1, 0.1, [false, false]));
}

describe("fitting the cross-signal combiner", () => {
  const c = fitCombiner(seen, 0.8, "cross-signal/1");

  it("learns from another signal's reading what the signal's own cannot tell", () => {
    const deadline = reading(0.8, 0.1, [true, false]);
    const scarcity = reading(0.8, 0.9, [false, true]);
    expect(combineSignals(c, deadline).urgency.carried).toBe(true);
    expect(combineSignals(c, scarcity).urgency.carried).toBe(false);
    expect(combineSignals(c, scarcity).deception.carried).toBe(true);
    expect(combineSignals(c, reading(0.1, 0.1, [false, false])).urgency.carried).toBe(false);
  });

  it("is deterministic: the same readings give the same combiner", () => {
    expect(fitCombiner(seen, 0.8, "cross-signal/1")).toEqual(c);
    expect(c.inputs).toBe("cross-signal/1");
    expect(c.weights).toHaveLength(5);
  });
});

describe("fitting a cross-signal/2 combiner", () => {
  // A stranger's voice (little of it known to the model) reads a deadline at 0.4; a familiar
  // voice reads 0.4 only where there is none. One threshold on the reading cannot tell them apart.
  const mixed: Seen[] = [];
  for (let i = 0; i < 40; i++) {
    mixed.push(reading(0.4, 0.1, [true, false], 0.2)); // a stranger's deadline
    mixed.push(reading(0.4, 0.1, [false, false], 0.9)); // a familiar voice, no deadline
    mixed.push(reading(0.9, 0.1, [true, false], 0.9));
    mixed.push(reading(0.05, 0.1, [false, false], 0.2));
  }

  it("reads a weak logit as the signal when the message is unfamiliar, and not when it is familiar", () => {
    const c2 = fitCombiner(mixed, 0.8, "cross-signal/2");
    expect(c2.inputs).toBe("cross-signal/2");
    expect(c2.weights.every((w) => w.length === 18)).toBe(true);
    expect(combineSignals(c2, reading(0.4, 0.1, [true, false], 0.2)).urgency.carried).toBe(true);
    expect(combineSignals(c2, reading(0.4, 0.1, [false, false], 0.9)).urgency.carried).toBe(false);
    expect(combineSignals(c2, reading(0.9, 0.1, [true, false], 0.9)).urgency.carried).toBe(true);
    // The cross-signal/1 combiner sees the two 0.4 readings as one and must call both the same.
    const c1 = fitCombiner(mixed, 0.8, "cross-signal/1");
    expect(combineSignals(c1, reading(0.4, 0.1, [true, false], 0.2)).urgency.carried).toBe(
      combineSignals(c1, reading(0.4, 0.1, [false, false], 0.9)).urgency.carried,
    );
  });
});

describe("the combiner's threshold", () => {
  // Positives at 0.9 (×6) and 0.42 (×4); negatives at 0.42 (×2) and 0.2 (×4).
  const p = [...new Array(6).fill(0.9), ...new Array(6).fill(0.42), ...new Array(4).fill(0.2)];
  const gold = [...new Array(10).fill(1), 0, 0, 0, 0, 0, 0];

  it("takes the best F1 when it reaches the precision floor", () => {
    expect(pickThreshold(p, gold, 0.8)).toBe(0.225);
  });

  it("trades recall for precision under a floor the best F1 misses", () => {
    expect(pickThreshold(p, gold, 0.9)).toBe(0.425);
  });
});
