import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { CORPUS_FILE, loadCorpus } from "./corpus-row";
import { FAMILIES, HAND_WRITTEN } from "./families";
import { CORPUS_SEED, corpusJsonl, generateCorpus } from "./generate";

describe("the tells corpus", () => {
  it("the committed file is exactly what the generator writes", () => {
    const rows = generateCorpus(FAMILIES, HAND_WRITTEN, CORPUS_SEED);
    expect(corpusJsonl(rows)).toBe(readFileSync(CORPUS_FILE, "utf8"));
  });

  const rows = loadCorpus();

  it("has ≥ 2,000 rows, ≥ 30 % without a cue, every script, and many families", () => {
    expect(rows.length).toBeGreaterThanOrEqual(2000);
    expect(rows.filter((r) => r.spans.length === 0).length / rows.length).toBeGreaterThanOrEqual(0.3);
    expect(new Set(rows.map((r) => r.lang))).toEqual(new Set(["en", "hi-Latn", "hi-Deva", "mixed"]));
    expect(new Set(rows.map((r) => r.family)).size).toBeGreaterThanOrEqual(12);
  });

  it("spans are non-empty slices; condition spans carry a grade and the row its worst one", () => {
    const ids = new Set<string>();
    for (const r of rows) {
      expect(ids.has(r.id), r.id).toBe(false);
      ids.add(r.id);
      for (const s of r.spans) {
        expect(s.start).toBeLessThan(s.end);
        expect(s.end).toBeLessThanOrEqual(r.text.length);
        expect(r.text.slice(s.start, s.end).trim(), r.text).not.toBe("");
        expect(s.label !== undefined, r.text).toBe(s.signal === "condition");
      }
      expect(r.condition_label !== null, r.text).toBe(r.spans.some((s) => s.signal === "condition"));
    }
  });
});
