import { describe, expect, it } from "vitest";
import { VERBAL_SIGNALS } from "./cue-rules";
import {
  COMBINER_INPUT_COUNT,
  combinedProbability,
  combinerInputs,
  combineSignals,
  type SignalCombiner,
} from "./signal-combiner";

const quiet = {
  p: [0.5, 0.5, 0.5, 0.5, 0.5],
  strongest: [0.5, 0.5, 0.5, 0.5, 0.5],
  rule: [false, false, false, false, false],
  coverage: 0.7,
  clauses: 2,
  conceptLogit: [0, 0, 0, 0, 0],
  groups: [] as number[],
  network: [] as number[],
};
const COMBINER_INPUTS = COMBINER_INPUT_COUNT["cross-signal/1"];
const zero = (): number[] => new Array<number>(COMBINER_INPUTS).fill(0);

describe("the cross-signal combiner", () => {
  it("reads, for one signal, its own evidence first and then the other four signals'", () => {
    const e = {
      ...quiet,
      p: [0.9, 0.2, 0.5, 0.5, 0.1],
      strongest: [0.8, 0.2, 0.5, 0.5, 0.1],
      rule: [true, false, true, false, false],
    };
    const x = combinerInputs(e, 1, "cross-signal/1");
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
    for (const kind of ["cross-signal/1", "cross-signal/2"] as const) {
      const x = combinerInputs({ ...quiet, p: [0, 1, 0, 1, 0], strongest: [0, 1, 0, 1, 0] }, 0, kind);
      expect(x.every(Number.isFinite)).toBe(true);
    }
  });

  it("cross-signal/2 reads /1's inputs, then the concepts' logit, the coverage and the length, alone and times the logit", () => {
    const e = {
      ...quiet,
      p: [0.2, 0.9, 0.5, 0.5, 0.5],
      coverage: 0.25,
      clauses: 3,
      conceptLogit: [0.5, 1.5, 0, 0, -1],
    };
    const one = combinerInputs(e, 1, "cross-signal/1");
    const two = combinerInputs(e, 1, "cross-signal/2");
    expect(two).toHaveLength(COMBINER_INPUT_COUNT["cross-signal/2"]);
    expect(two.slice(0, COMBINER_INPUTS)).toEqual(one);
    const z = Math.log(0.9 / 0.1);
    const rest = two.slice(COMBINER_INPUTS);
    expect(rest[0]).toBe(1.5); // signal 1's own concept logit
    expect(rest[1]).toBe(0.25);
    expect(rest[2]).toBeCloseTo(0.25 * z, 12);
    expect(rest[3]).toBeCloseTo(Math.log(3), 12);
    expect(rest[4]).toBeCloseTo(Math.log(3) * z, 12);
    // One clause (or none) adds no length.
    expect(combinerInputs({ ...e, clauses: 0 }, 1, "cross-signal/2")[COMBINER_INPUTS + 3]).toBe(0);
  });

  it("a cross-signal/1 combiner reads the same whatever the coverage and length (released files keep their readings)", () => {
    const w = [zero(), zero(), zero(), zero(), zero()].map((r) => r.map((_, j) => (j % 3) - 1));
    const c: SignalCombiner = { inputs: "cross-signal/1", weights: w, thresholds: [0.5, 0.5, 0.5, 0.5, 0.5] };
    const e = { ...quiet, p: [0.3, 0.6, 0.5, 0.2, 0.9] };
    expect(combineSignals(c, { ...e, coverage: 0.1, clauses: 9, conceptLogit: [3, 3, 3, 3, 3] })).toEqual(
      combineSignals(c, { ...e, coverage: 1, clauses: 1 }),
    );
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

  it("cross-signal/3 reads cross-signal/2's inputs, then the group heads: any cue, coverage × it, the other four", () => {
    const e = { ...quiet, groups: [0.8, 0.6, 0.3, 0.5, 0.1] };
    const two = combinerInputs(e, 2, "cross-signal/2");
    const three = combinerInputs(e, 2, "cross-signal/3");
    expect(three).toHaveLength(COMBINER_INPUT_COUNT["cross-signal/3"]);
    expect(three.slice(0, two.length)).toEqual(two);
    const logit = (p: number): number => Math.log(p / (1 - p));
    const rest = three.slice(two.length);
    const want = [logit(0.8), 0.7 * logit(0.8), logit(0.6), logit(0.3), 0, logit(0.1)];
    for (const [k, v] of want.entries()) expect(rest[k]).toBeCloseTo(v, 12);
    // A reading without group heads enters as even odds.
    expect(combinerInputs(quiet, 2, "cross-signal/3").slice(two.length)).toEqual([0, 0, 0, 0, 0, 0]);
  });

  it("decides per message (flat weights) exactly as the fit's probabilityOf reads, to the last bit", () => {
    // A seeded stand-in for a fitted combiner: every input and hidden weight non-zero.
    let seed = 12345;
    const next = (): number => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648 - 0.5;
    };
    const n = COMBINER_INPUT_COUNT["cross-signal/4"];
    const row = (): number[] => Array.from({ length: n }, next);
    const c: SignalCombiner = {
      inputs: "cross-signal/4",
      weights: Array.from({ length: 5 }, row),
      thresholds: [0.5, 0.4, 0.6, 0.5, 0.45],
      hidden: Array.from({ length: 5 }, () => ({
        weights: [row(), row(), row()],
        out: [next(), next(), next()],
      })),
    };
    const e = {
      ...quiet,
      p: [0.91, 0.12, 0.47, 0.33, 0.02],
      strongest: [0.8, 0.1, 0.5, 0.3, 0.01],
      rule: [true, false, true, false, false],
      coverage: 0.63,
      clauses: 3,
      conceptLogit: [1.5, -0.2, 0, 0.7, 0],
      groups: [0.8, 0.6, 0.3, 0.5, 0.1],
      network: [0.7, 0.2, 0.4, 0.5, 0.05],
    };
    const decided = combineSignals(c, e);
    VERBAL_SIGNALS.forEach((s, k) => {
      const p = combinedProbability(c, e, k);
      expect(decided[s].probability).toBe(p);
      expect(decided[s].carried).toBe(p >= (c.thresholds[k] as number));
    });
  });
});
