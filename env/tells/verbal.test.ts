import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type CueSpan, exclusiveSpans, readCues, type VerbalSignal } from "./verbal";

const key = (s: { start: number; end: number; signal: string; score: number }): string =>
  `${s.start}-${s.end}-${s.signal}-${s.score}`;
const keys = (spans: readonly CueSpan[]): string[] => spans.map(key).sort();

const signalsIn = (text: string): Set<VerbalSignal> => new Set(readCues(text).spans.map((s) => s.signal));

describe("REFERENCE §6.4 vectors", () => {
  it("vector 1: last price + two overlapping competing-buyer claims", () => {
    const r = readCues("last price hai bhai, teen aur log dekh rahe");
    expect(keys(r.spans)).toEqual(
      [
        { start: 0, end: 10, signal: "urgency", score: 0.5 },
        { start: 21, end: 33, signal: "deception", score: 0.8 },
        { start: 26, end: 38, signal: "deception", score: 0.7 },
      ]
        .map(key)
        .sort(),
    );
    expect(r.aggregate).toEqual({ urgency: 0.5, deception: 0.8 });
    expect(r.spans.map((s) => s.text)).toEqual(["last price", "teen aur log", "aur log dekh"]);
  });

  it("vector 2: the loss claim keeps its urgency span and adds sympathy", () => {
    const r = readCues("im sorry 170 and im making a loss, theres 3 other offers that ive got");
    const reference = [
      { start: 17, end: 33, signal: "urgency", score: 0.55 },
      { start: 42, end: 56, signal: "deception", score: 0.75 },
    ];
    const extra = r.spans.filter((s) => !reference.some((x) => key(x) === key(s)));
    expect(keys(r.spans.filter((s) => !extra.includes(s)))).toEqual(reference.map(key).sort());
    expect(extra.map((s) => [s.start, s.end, s.signal])).toEqual([[17, 33, "sympathy"]]);
    expect(r.aggregate.urgency).toBe(0.55);
    expect(r.aggregate.deception).toBe(0.75);
    expect(r.aggregate.sympathy).toBeGreaterThan(0);
  });

  it("vector 3: condition aggregate is the worst disclosure (D29)", () => {
    const r = readCues("bilkul naya, abhi box se nikala, ek chhota scratch hai, battery 81%");
    expect(keys(r.spans)).toEqual(
      [
        { start: 13, end: 17, signal: "urgency", score: 0.4 },
        { start: 13, end: 31, signal: "condition", score: 0.9 },
        { start: 0, end: 11, signal: "condition", score: 0.85 },
        { start: 33, end: 50, signal: "condition", score: 0.55 },
        { start: 43, end: 50, signal: "condition", score: 0.55 },
        { start: 56, end: 66, signal: "condition", score: 0.4 },
      ]
        .map(key)
        .sort(),
    );
    expect(r.aggregate).toEqual({ urgency: 0.4, condition: 0.4 });
    expect(r.condition).toEqual({ label: "good", score: 0.4, depreciation: 0.4 });
  });
});

describe("span invariants", () => {
  it("spans are sorted by (start, end) and slice to their text (UTF-16 offsets, Devanagari too)", () => {
    for (const text of [
      "जल्दी बताइए, और लोग भी पूछ रहे हैं, बिल्कुल नया है",
      "₹500 final price, isse kam nahi, 3 other offers",
    ]) {
      const r = readCues(text);
      expect(r.spans.length).toBeGreaterThan(2);
      for (const s of r.spans) expect(text.slice(s.start, s.end)).toBe(s.text);
      const sorted = [...r.spans].sort((a, b) => a.start - b.start || a.end - b.end);
      expect(r.spans.map((s) => [s.start, s.end])).toEqual(sorted.map((s) => [s.start, s.end]));
    }
  });

  it("never throws and keeps offsets valid on arbitrary text", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (text) => {
        for (const s of readCues(text).spans) {
          expect(s.start).toBeLessThan(s.end);
          expect(text.slice(s.start, s.end)).toBe(s.text);
        }
      }),
    );
  });
});

describe("word boundaries and negation", () => {
  it.each([
    ["renewed unit", "condition"],
    ["saw it in the newspaper", "condition"],
    ["not new, but clean", "condition"],
    ["no rush at all", "urgency"],
    ["no hurry at all", "urgency"],
    ["abhi nahi", "urgency"],
    ["not urgent", "urgency"],
    ["koi jaldi nahi", "urgency"],
    ["that's not the final price", "urgency"],
    ["not my final offer", "confidence"],
    ["I don't have other offers", "deception"],
    ["no other buyers yet", "deception"],
    ["kharab nahi hai", "condition"],
    ["not broken at all", "condition"],
    ["अभी नहीं", "urgency"],
  ] as const)("%j has no %s cue", (text, signal) => {
    expect(signalsIn(text).has(signal)).toBe(false);
  });

  it.each([
    ["3 other offers", "deception"],
    ["three other buyers came", "deception"],
    ["teen aur log puch rahe", "deception"],
    ["I'm making a loss", "sympathy"],
    ["I’m losing on this", "sympathy"],
    ["घाटा हो रहा है", "sympathy"],
    ["जल्दी करो", "urgency"],
    ["आखिरी दाम", "urgency"],
    ["और लोग भी", "deception"],
    ["can't go lower", "confidence"],
    ["brand new", "condition"],
    ["नया फोन", "condition"],
  ] as const)("%j has a %s cue", (text, signal) => {
    expect(signalsIn(text).has(signal)).toBe(true);
  });

  it("labels condition disclosures, worst one wins", () => {
    expect(readCues("brand new, sealed pack").condition?.label).toBe("new");
    expect(readCues("like new but a dent on the side").condition).toEqual({
      label: "acceptable",
      score: 0.5,
      depreciation: 0.6,
    });
    expect(readCues("screen is broken, for parts").condition?.label).toBe("junk");
    expect(readCues("kitna doge?").condition).toBeNull();
  });
});

describe("exclusiveSpans", () => {
  it("gives each character to at most one span, highest score first", () => {
    const r = readCues("bilkul naya, abhi box se nikala, ek chhota scratch hai, battery 81%");
    const ex = exclusiveSpans(r.spans);
    expect(ex.map((s) => s.text)).toEqual([
      "bilkul naya",
      "abhi box se nikala",
      "ek chhota scratch",
      "battery 81",
    ]);
  });
  it("breaks score ties by the longer span", () => {
    const a: CueSpan = { start: 0, end: 4, text: "abcd", signal: "urgency", score: 0.5, explanation: "" };
    const b: CueSpan = {
      start: 2,
      end: 9,
      text: "cdefghi",
      signal: "deception",
      score: 0.5,
      explanation: "",
    };
    // b wins the tie; a keeps only what b does not cover, so its signal stays visible.
    expect(exclusiveSpans([a, b])).toEqual([{ ...a, end: 2, text: "ab" }, b]);
  });
  it("drops a covered span whole when its signal shows elsewhere", () => {
    const u1: CueSpan = {
      start: 0,
      end: 9,
      text: "abcd efgh",
      signal: "urgency",
      score: 0.9,
      explanation: "",
    };
    const d: CueSpan = {
      start: 5,
      end: 12,
      text: "efgh ij",
      signal: "deception",
      score: 0.8,
      explanation: "",
    };
    const d2: CueSpan = { start: 14, end: 16, text: "kl", signal: "deception", score: 0.3, explanation: "" };
    expect(exclusiveSpans([u1, d, d2])).toEqual([u1, d2]);
  });
  it("trims a signal's best span to its longest uncovered words, never to bare punctuation", () => {
    const text = "paisa chahiye urgntly for rent";
    const sym: CueSpan = {
      start: 6,
      end: 30,
      text: text.slice(6, 30),
      signal: "sympathy",
      score: 0.47,
      explanation: "",
    };
    const urg: CueSpan = {
      start: 0,
      end: 25,
      text: text.slice(0, 25),
      signal: "urgency",
      score: 0.93,
      explanation: "",
    };
    expect(exclusiveSpans([sym, urg]).map((s) => [s.signal, s.text])).toEqual([
      ["urgency", "paisa chahiye urgntly for"],
      ["sympathy", "rent"],
    ]);
    const same: CueSpan = { ...urg, signal: "deception", score: 0.4 };
    expect(exclusiveSpans([urg, same])).toEqual([urg]);
    const comma: CueSpan = {
      start: 25,
      end: 27,
      text: ", ",
      signal: "confidence",
      score: 0.2,
      explanation: "",
    };
    const wide: CueSpan = {
      start: 20,
      end: 27,
      text: "abcde, ",
      signal: "urgency",
      score: 0.9,
      explanation: "",
    };
    expect(exclusiveSpans([wide, { ...comma, start: 24, text: "e, " }]).map((s) => s.signal)).toEqual([
      "urgency",
    ]);
  });
  it("output never overlaps (property)", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.constantFrom("jaldi", "teen aur log", "aur log dekh", "naya", "abhi box se nikala", "x"),
          {
            maxLength: 12,
          },
        ),
        (words) => {
          const msg = words.join(" ");
          const spans = readCues(msg).spans;
          const ex = exclusiveSpans(spans);
          for (let i = 1; i < ex.length; i++) expect(ex[i]!.start).toBeGreaterThanOrEqual(ex[i - 1]!.end);
          for (const s of ex) expect(s.text).toBe(msg.slice(s.start, s.end));
        },
      ),
    );
  });
});
