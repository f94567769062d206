import { describe, expect, it } from "vitest";
import { type LabelledSpan, mergeOverlapping, scoreSplit } from "./score";

const u = (start: number, end: number): LabelledSpan => ({ start, end, signal: "urgency" });
const d = (start: number, end: number): LabelledSpan => ({ start, end, signal: "deception" });

describe("scoreSplit", () => {
  it("matches same-signal overlapping spans one-to-one", () => {
    const s = scoreSplit([
      { predicted: [u(0, 5), d(10, 15)], gold: [u(3, 8), u(20, 25)] },
      { predicted: [u(0, 4)], gold: [] },
    ]);
    expect(s.per_signal.urgency).toMatchObject({ tp: 1, fp: 1, fn: 1, precision: 0.5, recall: 0.5, f1: 0.5 });
    expect(s.per_signal.deception).toMatchObject({ tp: 0, fp: 1, fn: 0, precision: 0, recall: 1, f1: 0 });
  });
  it("does not let one prediction match two gold spans", () => {
    const s = scoreSplit([{ predicted: [u(0, 30)], gold: [u(0, 5), u(10, 15)] }]);
    expect(s.per_signal.urgency).toMatchObject({ tp: 1, fp: 0, fn: 1 });
  });
  it("touching ranges do not overlap; another signal never matches", () => {
    const s = scoreSplit([{ predicted: [u(0, 5), d(5, 9)], gold: [u(5, 9)] }]);
    expect(s.per_signal.urgency).toMatchObject({ tp: 0, fp: 1, fn: 1 });
  });
  it("macro F1 averages all five signals; an absent signal counts as perfect", () => {
    const s = scoreSplit([{ predicted: [u(0, 5)], gold: [u(1, 2)] }]);
    expect(s.macro_f1).toBe(1);
    expect(scoreSplit([{ predicted: [], gold: [u(1, 2)] }]).macro_f1).toBeCloseTo(0.8, 10);
  });
});

describe("mergeOverlapping", () => {
  it("unions overlapping spans per signal and keeps signals apart", () => {
    expect(mergeOverlapping([d(21, 33), d(26, 38), u(30, 35), d(40, 45)])).toEqual([
      u(30, 35),
      d(21, 38),
      d(40, 45),
    ]);
  });
});
