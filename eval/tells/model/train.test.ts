import { describe, expect, it } from "vitest";
import { loadTellsModel } from "../../../env/tells/tells-model";
import { type CorpusRow, loadCorpus } from "../corpus/corpus-row";
import { trainTellsModel } from "./train";
import { DEFAULT_TRAIN, V10_TRAIN, V24_TRAIN } from "./train-options";

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
  const free = trainTellsModel(rows, { ...V10_TRAIN, epochs: 2, maxRows: undefined });
  const capped = trainTellsModel(rows, { ...V10_TRAIN, epochs: 2, maxRows: 400 });

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
  const options = { ...V10_TRAIN, epochs: 4, maxRows: undefined };
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

describe("learning only what several families share (minFamilies)", () => {
  // Two families share the word "urgent"; each also has a made-up word of its own.
  const rows: CorpusRow[] = [];
  for (let i = 0; i < 40; i++)
    for (const [family, own] of [
      ["first", "qqxa"],
      ["second", "vvzb"],
    ] as const) {
      const text = `${own} urgent today`;
      rows.push({
        id: `${family}${i}`,
        family,
        lang: "en",
        text,
        spans: [{ start: 0, end: text.length, signal: "urgency" }],
        condition_label: null,
      });
      rows.push({
        id: `${family}n${i}`,
        family,
        lang: "en",
        text: "pickup after six",
        spans: [],
        condition_label: null,
      });
    }
  const options = { ...DEFAULT_TRAIN, epochs: 3, maxRows: undefined, minFamilies: 2 };
  const shared = loadTellsModel(trainTellsModel(rows, options));
  const all = loadTellsModel(trainTellsModel(rows, { ...options, minFamilies: undefined }));
  const unseen = (m: typeof shared) => m.read("zzzz").probability.urgency;

  it("gives a word only one family uses no weight, and learns the shared one", () => {
    expect(all.read("qqxa").probability.urgency).toBeGreaterThan(unseen(all));
    expect(shared.read("qqxa").probability.urgency).toBe(unseen(shared));
    expect(shared.read("vvzb").probability.urgency).toBe(unseen(shared));
    expect(shared.read("urgent").probability.urgency).toBeGreaterThan(0.5);
  });

  it("writes a smaller file than learning every bucket", () => {
    expect(trainTellsModel(rows, options).features.length).toBeLessThan(
      trainTellsModel(rows, { ...options, minFamilies: undefined }).features.length,
    );
  });
});

describe("a file with a message network (cross-signal/4, tells-model/8; /9 read with word sums)", () => {
  const rows: CorpusRow[] = [];
  for (let i = 0; i < 40; i++)
    for (const [text, urgent] of [
      ["need it gone today, urgent", true],
      ["pickup after six, cash only", false],
    ] as const)
      rows.push({
        id: `n${rows.length}`,
        family: `f${i % 8}`,
        lang: "en",
        text,
        spans: urgent ? [{ start: 0, end: text.length, signal: "urgency" }] : [],
        condition_label: null,
      });
  const options = { ...V24_TRAIN, epochs: 3, maxRows: undefined };
  const file = trainTellsModel(rows, options);

  it("carries a network over the heads' rows, which reads what it was taught", () => {
    expect(file.format).toBe("tells-model/8");
    expect(file.network?.weights.every((w) => w.length === file.features.length)).toBe(true);
    const model = loadTellsModel(file);
    const urgency = (t: string) => model.read(t).network[0] as number;
    expect(urgency("need it gone today, urgent")).toBeGreaterThan(
      urgency("pickup after six, cash only") + 0.3,
    );
  });

  it("is refused without the network's options, or with a combiner it could not read", () => {
    expect(() => trainTellsModel(rows, { ...options, bagNetwork: undefined })).toThrow(/bagNetwork/);
    const linear = { inputs: "cross-signal/4" as const, weights: [], thresholds: [] };
    expect(() => trainTellsModel(rows, { ...options, combinerWeights: linear })).toThrow(/hidden layers/);
  });

  it("with word sums is the same file in format tells-model/9, refused without a network", () => {
    const summed = trainTellsModel(rows, { ...options, wordSums: true });
    const { format, content_hash: _h, ...body } = summed;
    const { format: _f, content_hash: _g, ...same } = file;
    expect(format).toBe("tells-model/9");
    expect(body).toEqual(same);
    expect(() =>
      trainTellsModel(rows, {
        ...options,
        combiner: "cross-signal/3",
        bagNetwork: undefined,
        wordSums: true,
      }),
    ).toThrow(/word sums/);
  });
});
