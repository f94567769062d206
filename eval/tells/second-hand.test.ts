import { describe, expect, it } from "vitest";
import { loadCorpus } from "./corpus/corpus-row";
import { agreement, loadSecondHand, parseSecondHand, secondHandSampleIds } from "./second-hand";

const corpus = loadCorpus();

describe("the second hand's labels", () => {
  it("are the seeded random sample the docs describe, every row labelled once", () => {
    const rows = loadSecondHand();
    expect(rows.map((r) => r.id)).toEqual(secondHandSampleIds(corpus));
  });

  it("score the corpus against itself as perfect agreement, and a changed label as a miss and a false alarm", () => {
    const sample = corpus.slice(0, 50);
    const same = sample.map((r) => ({ id: r.id, signals: [...new Set(r.spans.map((s) => s.signal))] }));
    const a = agreement(same, sample);
    expect(a.score.macro_f1).toBe(1);
    expect(a.differ).toEqual([]);

    const urgent = sample.find((r) => r.spans.some((s) => s.signal === "urgency"));
    if (urgent === undefined) throw new Error("the first 50 rows should hold an urgency row");
    const changed = same.map((h) =>
      h.id === urgent.id
        ? { id: h.id, signals: [...h.signals.filter((s) => s !== "urgency"), "sympathy" as const] }
        : h,
    );
    const b = agreement(changed, sample);
    expect(b.differ.map((d) => d.id)).toEqual([urgent.id]);
    expect(b.score.per_signal.urgency.fn).toBe(1);
    expect(b.score.macro_f1).toBeLessThan(1);
    expect(() => agreement([{ id: "no-such-row", signals: [] }], sample)).toThrow(/no-such-row/);
  });

  it("rejects a bad file with the line and what is wrong", () => {
    const ok = "id\tsignals\nbazaar_en-0001\tu,d\nbazaar_en-0002\t-\n";
    expect(parseSecondHand(ok, "x")).toEqual([
      { id: "bazaar_en-0001", signals: ["urgency", "deception"] },
      { id: "bazaar_en-0002", signals: [] },
    ]);
    expect(() => parseSecondHand("id,signals\n", "x")).toThrow(/first line/);
    expect(() => parseSecondHand("id\tsignals\na\tu,x\n", "x")).toThrow(/x line 2: "x" is not a signal code/);
    expect(() => parseSecondHand("id\tsignals\na\tu\na\td\n", "x")).toThrow(
      /line 3: row a is labelled twice/,
    );
    expect(() => parseSecondHand("id\tsignals\na\tu\tc\n", "x")).toThrow(/line 2: expected/);
    expect(() => parseSecondHand("id\tsignals\na\tu,u\n", "x")).toThrow(/line 2: a signal is listed twice/);
    expect(() => parseSecondHand("id\tsignals\na\t\n", "x")).toThrow(/line 2/);
  });
});
