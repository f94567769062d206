import { describe, expect, it } from "vitest";
import { loadTellsModel } from "../../../env/tells/tells-model";
import { type CorpusRow, loadCorpus } from "../corpus/corpus-row";
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

describe("training by message under noisy-or (multiInstanceShare)", () => {
  // Every hardship message pairs a telling clause with a bland one the negatives also use: taught
  // clause by clause, the bland clause learns sympathy too; taught as the reader pools, it is
  // pushed much less once the telling clause carries the message.
  const row = (id: number, text: string, hardship = false): CorpusRow => ({
    id: `t${id}`,
    family: "toy",
    lang: "en",
    text,
    spans: hardship ? [{ start: 0, end: text.length, signal: "sympathy" }] : [],
    condition_label: null,
  });
  const rows: CorpusRow[] = [];
  for (let i = 0; i < 60; i++) {
    rows.push(row(rows.length, "my son is in hospital, the blue kettle is here", true));
    rows.push(row(rows.length, "the blue kettle is here, pickup after six"));
    rows.push(row(rows.length, "the blue kettle is here, cash only"));
  }
  const options = { ...DEFAULT_TRAIN, epochs: 4, maxRows: undefined };
  const plain = loadTellsModel(trainTellsModel(rows, { ...options, multiInstanceShare: undefined }));
  const pooled = loadTellsModel(trainTellsModel(rows, options));
  const bland = "the blue kettle is here";

  it("leaves the bland clause less sympathy than clause-by-clause training does", () => {
    expect(pooled.read(bland).probability.sympathy).toBeLessThan(plain.read(bland).probability.sympathy / 2);
    expect(pooled.read("my son is in hospital").probability.sympathy).toBeGreaterThan(0.5);
  });

  it("is deterministic", () => {
    expect(JSON.stringify(trainTellsModel(rows, options))).toBe(
      JSON.stringify(trainTellsModel(rows, options)),
    );
  });
});
