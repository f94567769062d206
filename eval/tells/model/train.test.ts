import { describe, expect, it } from "vitest";
import { loadCorpus } from "../corpus/corpus-row";
import { DEFAULT_TRAIN, trainTellsModel } from "./train";

/** Absolute bucket numbers of a file's rows (the file stores gaps). */
const bucketsOf = (features: readonly number[]): number[] => {
  let b = 0;
  return features.map((d) => {
    b += d;
    return b;
  });
};

describe("the row cap of a model file", () => {
  const rows = loadCorpus().slice(0, 300);
  const free = trainTellsModel(rows, { ...DEFAULT_TRAIN, epochs: 2, maxRows: undefined });
  const capped = trainTellsModel(rows, { ...DEFAULT_TRAIN, epochs: 2, maxRows: 400 });

  it("keeps at most maxRows rows, the strongest ones, and the same weights for them", () => {
    expect(free.features.length).toBeGreaterThan(400);
    expect(capped.features.length).toBe(400);
    const strength = (w: typeof free, r: number) =>
      w.weights.reduce((sum, head) => sum + Math.abs(head[r] ?? 0), 0);
    const freeRow = new Map(bucketsOf(free.features).map((b, r) => [b, r]));
    const kept = new Set(bucketsOf(capped.features));
    let weakestKept = Number.POSITIVE_INFINITY;
    bucketsOf(capped.features).forEach((b, r) => {
      const f = freeRow.get(b) as number;
      expect(f).toBeDefined();
      for (let h = 0; h < free.weights.length; h++) expect(capped.weights[h]?.[r]).toBe(free.weights[h]?.[f]);
      weakestKept = Math.min(weakestKept, strength(free, f));
    });
    for (const [b, r] of freeRow)
      if (!kept.has(b)) expect(strength(free, r)).toBeLessThanOrEqual(weakestKept);
  });
});
