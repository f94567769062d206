import { describe, expect, it } from "vitest";
import { pickDecision, type Seen } from "./thresholds";

// One signal (index 0); no rule matches, so the veto never matters and the first candidate (0.05) is kept.
const reading = (p: number, gold: boolean): Seen => ({
  gold: [gold],
  rule: [false],
  p: [p],
  strongest: [p],
  coverage: 1,
  clauses: 1,
  conceptLogit: [0],
  groups: [],
  network: [],
});

// Positives at 0.9 (×6) and 0.42 (×4); negatives at 0.42 (×2) and 0.2 (×4).
const seen: Seen[] = [
  ...Array.from({ length: 6 }, () => reading(0.9, true)),
  ...Array.from({ length: 4 }, () => reading(0.42, true)),
  ...Array.from({ length: 2 }, () => reading(0.42, false)),
  ...Array.from({ length: 4 }, () => reading(0.2, false)),
];

describe("threshold choice with a precision floor", () => {
  it("without a floor takes the best F1 (recall 1.0 at precision 0.83)", () => {
    // At ≤ 0.4: tp 10, fp 2 → F1 0.909; above 0.42: tp 6, fp 0, fn 4 → F1 0.75.
    expect(pickDecision(seen, 0, 0).threshold).toBe(0.25);
  });

  it("with a floor above what the best F1 reaches, trades recall for precision", () => {
    expect(pickDecision(seen, 0, 0.9).threshold).toBe(0.45);
  });

  it("falls back to the best F1 when no pair reaches the floor", () => {
    const noisy = [reading(0.9, true), reading(0.9, false), reading(0.9, false)];
    expect(pickDecision(noisy, 0, 0.99)).toEqual(pickDecision(noisy, 0, 0));
  });
});
