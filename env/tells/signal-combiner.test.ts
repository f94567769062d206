import { describe, expect, it } from "vitest";
import {
  COMBINER_INPUTS,
  combinedProbability,
  combinerInputs,
  combineSignals,
  type SignalCombiner,
} from "./signal-combiner";

const quiet = {
  p: [0.5, 0.5, 0.5, 0.5, 0.5],
  strongest: [0.5, 0.5, 0.5, 0.5, 0.5],
  rule: [false, false, false, false, false],
};
const zero = (): number[] => new Array<number>(COMBINER_INPUTS).fill(0);

describe("the cross-signal combiner", () => {
  it("reads, for one signal, its own evidence first and then the other four signals'", () => {
    const e = {
      p: [0.9, 0.2, 0.5, 0.5, 0.1],
      strongest: [0.8, 0.2, 0.5, 0.5, 0.1],
      rule: [true, false, true, false, false],
    };
    const x = combinerInputs(e, 1);
    expect(x).toHaveLength(COMBINER_INPUTS);
    expect(x[0]).toBe(1);
    expect(x[1]).toBeCloseTo(Math.log(0.2 / 0.8), 12);
    expect(x[3]).toBe(0); // signal 1's rule did not match, so neither does its rule × logit
    expect(x[4]).toBe(0);
    expect(x.slice(5, 9).map((v) => Number(v.toFixed(6)))).toEqual(
      [0.9, 0.5, 0.5, 0.1].map((p) => Number(Math.log(p / (1 - p)).toFixed(6))),
    );
    expect(x.slice(9)).toEqual([1, 1, 0, 0]);
  });

  it("keeps saturated probabilities finite", () => {
    const x = combinerInputs({ p: [0, 1, 0, 1, 0], strongest: [0, 1, 0, 1, 0], rule: quiet.rule }, 0);
    expect(x.every(Number.isFinite)).toBe(true);
  });

  it("lets another signal's reading overrule a signal's own", () => {
    // Urgency's own logit counts +1, deception's (its first "other" input) −2: a message the
    // model reads as scarcity is not also read as a deadline.
    const w = [zero(), zero(), zero(), zero(), zero()];
    (w[0] as number[])[1] = 1;
    (w[0] as number[])[5] = -2;
    const c: SignalCombiner = { inputs: "cross-signal/1", weights: w, thresholds: [0.5, 0.5, 0.5, 0.5, 0.5] };
    const deadline = { ...quiet, p: [0.8, 0.1, 0.5, 0.5, 0.5] };
    const scarcity = { ...quiet, p: [0.8, 0.8, 0.5, 0.5, 0.5] };
    expect(combineSignals(c, deadline).urgency.carried).toBe(true);
    expect(combineSignals(c, scarcity).urgency.carried).toBe(false);
    expect(combinedProbability(c, scarcity, 0)).toBeLessThan(combinedProbability(c, deadline, 0));
  });
});
