import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { VERBAL_SIGNALS } from "./cue-rules";
import { featuresFor } from "./feature-sets";
import { readCuesWithModel } from "./model-cues";
import { loadTellsModel } from "./tells-model";

const v24 = JSON.parse(readFileSync(new URL("./model/tells-model.v24.json", import.meta.url), "utf8"));
const exact = loadTellsModel(v24);
// The same weights read with word sums: only the order of the additions differs.
const summed = loadTellsModel({ ...v24, format: "tells-model/9" });

// Voices, scripts and lengths the corpus has, and inputs it does not (empty, one word, repeats).
const MESSAGES = [
  "Offer ends tonight, hurry! Two other buyers are asking.",
  "किराया देना है इस हफ्ते, थोड़ा तो समझिए",
  "bhai last price 4500, isse kam nahi hoga. box thoda phata hai, andar sab theek",
  "One dead pixel near the corner, otherwise spotless. Firm on price.",
  "Grade B refurbished, visible cosmetic marks on the side panel Price: ₹24,990",
  "sir pls consider, meri beti ki fees bharni hai… kal tak chahiye",
  "",
  "ok",
  "new new new new new new new new, new? new!",
  "😀😀 \u200fمرحبا\u200f zero\u200bwidth",
];

describe("a tells-model/9 file (word sums)", () => {
  it("lists a message's features without each word's own, which ownFeatures gives in extract's order", () => {
    const features = featuresFor("tells-features/11");
    for (const text of MESSAGES) {
      const all = features.extract(text);
      const cross = features.extract(text, false);
      const own = cross.tokens.flatMap((t) => {
        const out: number[] = [];
        features.ownFeatures(t.word, (b) => out.push(b));
        return out;
      });
      expect([...cross.buckets, ...own].sort((a, b) => a - b)).toEqual(
        [...all.buckets].sort((a, b) => a - b),
      );
      expect(cross.tokens).toEqual(all.tokens);
      expect(cross.clauseConcepts).toEqual(all.clauseConcepts);
    }
  });

  it("reads what tells-model/8 reads of the same weights, up to rounding, and decides alike", () => {
    for (const text of MESSAGES) {
      const a = exact.read(text);
      const b = summed.read(text);
      for (const s of VERBAL_SIGNALS) {
        expect(b.probability[s]).toBeCloseTo(a.probability[s], 12);
        expect(b.strongest[s]).toBeCloseTo(a.strongest[s], 12);
        expect(b.conceptLogit[s]).toBeCloseTo(a.conceptLogit[s], 12);
        if (a.fired[s]) expect(b.evidence(s)).not.toBeNull();
      }
      expect(b.fired).toEqual(a.fired);
      expect(b.coverage).toBeCloseTo(a.coverage, 12);
      expect(b.clauses).toBe(a.clauses);
      for (const [h, p] of b.groups.entries()) expect(p).toBeCloseTo(a.groups[h] as number, 12);
      for (const [h, p] of b.network.entries()) expect(p).toBeCloseTo(a.network[h] as number, 12);
      expect(b.network).toHaveLength(5);
      expect(b.grade()).toBe(a.grade());
      // The same signals and condition; an evidence window may move where two windows tie to the last bits.
      const kinds = (t: string, m: typeof exact) => {
        const r = readCuesWithModel(m, t);
        return { signals: [...new Set(r.spans.map((x) => x.signal))].sort(), condition: r.condition };
      };
      expect(kinds(text, summed)).toEqual(kinds(text, exact));
    }
  });

  it("reads a word the same however many messages used it before (its sums are cached)", () => {
    const fresh = loadTellsModel({ ...v24, format: "tells-model/9" });
    const text = "bilkul naya hai, seal pack, jaldi bolo";
    const first = JSON.stringify(fresh.read(text));
    for (const m of MESSAGES) fresh.read(m);
    expect(JSON.stringify(fresh.read(text))).toBe(first);
  });

  it("is readable only with a message network and its combiner", () => {
    const v23 = JSON.parse(readFileSync(new URL("./model/tells-model.v23.json", import.meta.url), "utf8"));
    const { network: _, ...without } = v24;
    expect(() => loadTellsModel({ ...without, format: "tells-model/9" })).toThrow(/not readable/);
    expect(() => loadTellsModel({ ...v23, format: "tells-model/9" })).toThrow(/not readable/);
    expect(() => loadTellsModel({ ...v24, format: "tells-model/9", combiner: v23.combiner })).toThrow(
      /not readable/,
    );
  });
});
