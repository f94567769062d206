import { describe, expect, it } from "vitest";
import { readCues } from "../../env/tells/verbal";
import { loadSplit, type Split } from "./fixtures";
import { scoreSplit } from "./score";

const WORD = /[\p{L}\p{M}\p{N}_]/u;

describe.each(["dev", "test"] as const)("fixture lint: %s split", (split: Split) => {
  const rows = loadSplit(split);

  it("has enough utterances covering all five signals and hard negatives", () => {
    expect(rows.length).toBeGreaterThanOrEqual(split === "test" ? 120 : 190);
    const signals = new Set(rows.flatMap((r) => r.spans.map((s) => s.signal)));
    expect([...signals].sort()).toEqual(["condition", "confidence", "deception", "sympathy", "urgency"]);
    expect(rows.filter((r) => r.spans.length === 0).length).toBeGreaterThanOrEqual(25);
    expect(rows.some((r) => /[\u0900-\u097F]/.test(r.text))).toBe(true);
  });

  it("every span is a whole, trimmed phrase inside its text", () => {
    for (const r of rows) {
      for (const s of r.spans) {
        const phrase = r.text.slice(s.start, s.end);
        const where = `${JSON.stringify(r.text)} [${s.start},${s.end})`;
        expect(s.end, where).toBeGreaterThan(s.start);
        expect(s.end, where).toBeLessThanOrEqual(r.text.length);
        expect(phrase.trim(), where).toBe(phrase);
        expect(phrase.length, where).toBeGreaterThanOrEqual(3);
        expect(
          WORD.test(r.text[s.start - 1] ?? " ") && WORD.test(phrase[0] ?? " "),
          `${where} starts mid-word`,
        ).toBe(false);
        expect(
          WORD.test(r.text[s.end] ?? " ") && WORD.test(phrase.at(-1) ?? " "),
          `${where} ends mid-word`,
        ).toBe(false);
      }
    }
  });

  it("gold spans of one signal never overlap, and condition_label is set exactly when condition is labelled", () => {
    for (const r of rows) {
      for (const a of r.spans) {
        for (const b of r.spans) {
          if (a !== b && a.signal === b.signal)
            expect(a.end <= b.start || b.end <= a.start, r.text).toBe(true);
        }
      }
      const hasCondition = r.spans.some((s) => s.signal === "condition");
      expect(r.condition_label !== null, r.text).toBe(hasCondition);
    }
  });
});

describe("extractor accuracy on the dev split", () => {
  it("macro F1 ≥ 0.85", () => {
    const rows = loadSplit("dev");
    const s = scoreSplit(rows.map((r) => ({ predicted: readCues(r.text).spans, gold: r.spans })));
    expect(s.macro_f1).toBeGreaterThanOrEqual(0.85);
  });
});
