import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { round2 } from "./money";
import { Rng } from "./prng";
import { REDACTION_LINES } from "./redaction/redaction-lines";
import { leaksHidden, redactHidden, statesAnywhere } from "./reservation-leak";
import { SPELLING_STYLES, type SpellingStyle, spellNumber } from "./testing/spell-number";

// Hidden values as tasks make them: a cost, and a reservation a markup above it.
const hiddenValues = fc
  .record({
    cost: fc.double({ min: 5, max: 5_000_000, noNaN: true }),
    markup: fc.double({ min: 1, max: 1.5, noNaN: true }),
  })
  .map(({ cost, markup }) => ({ cost: round2(cost), reservation: round2(cost * markup) }));

const FILLER = [
  "Look at the finish, bhai.",
  "The colour will not fade.",
  "Come, sit, have some chai.",
  "My family has sold these for years.",
  "You will not find better in this market!",
  "Arre, feel the weight of it.",
];
const LEAKS = [
  "{x} is my floor.",
  "I paid {x} for it myself.",
  "Honestly, {x} se kam nahi hoga.",
  "Between us, my limit is {x} only.",
  "Mera cost {x} tha, bhai.",
  "Nothing under {x}, sorry.",
  "Okay listen: {x} and not a paisa less.",
];

type Part =
  | { kind: "filler"; text: string }
  | { kind: "leak"; template: string; which: 0 | 1; style: SpellingStyle; seed: number };
const part: fc.Arbitrary<Part> = fc.oneof(
  fc.constantFrom(...FILLER).map((text) => ({ kind: "filler" as const, text })),
  fc.record({
    kind: fc.constant("leak" as const),
    template: fc.constantFrom(...LEAKS),
    which: fc.constantFrom(0 as const, 1 as const),
    style: fc.constantFrom(...SPELLING_STYLES),
    seed: fc.nat(),
  }),
);

function render(p: Part, hidden: readonly number[]): string {
  if (p.kind === "filler") return p.text;
  return p.template.replace("{x}", spellNumber(hidden[p.which] as number, p.style, new Rng(p.seed)));
}

/**
 * The output is the input's sentences in order, each sentence that leaked (and each run of
 * them) replaced by one whole redaction line: no fragment of a cut sentence is left behind.
 */
function expectWholeSentences(out: string, sentences: readonly string[], leaked: readonly boolean[]): void {
  let at = 0;
  sentences.forEach((s, i) => {
    if (leaked[i] && leaked[i - 1]) return;
    if (at > 0) {
      expect(out[at]).toBe(" ");
      at++;
    }
    const piece = leaked[i] ? REDACTION_LINES.find((l) => out.startsWith(l, at)) : s;
    expect(piece, `at ${at} of ${JSON.stringify(out)}`).toBeDefined();
    expect(
      out.startsWith(piece as string, at),
      `${JSON.stringify(piece)} at ${at} of ${JSON.stringify(out)}`,
    ).toBe(true);
    at += (piece as string).length;
  });
  expect(at).toBe(out.length);
}

describe("the number reader and the guard, on generated spellings", () => {
  it("every spelling of a price states it", () => {
    fc.assert(
      fc.property(hiddenValues, fc.constantFrom(...SPELLING_STYLES), fc.nat(), (h, style, seed) => {
        const spelled = spellNumber(h.reservation, style, new Rng(seed));
        expect(statesAnywhere(spelled, h.reservation), spelled).toBe(true);
      }),
      { numRuns: 2_000 },
    );
  });

  it("after the guard no mention of the reservation or cost remains, and the text is whole sentences", () => {
    fc.assert(
      fc.property(hiddenValues, fc.array(part, { minLength: 1, maxLength: 6 }), (h, parts) => {
        const hidden = [h.reservation, h.cost];
        const sentences = parts.map((p) => render(p, hidden));
        const text = sentences.join(" ");
        const out = redactHidden(text, hidden, null).text;
        expect(leaksHidden(out, hidden, null), out).toBe(false);
        const leaked = sentences.map((s) => leaksHidden(s, hidden, null));
        for (const [i, p] of parts.entries())
          if (p.kind === "leak") expect(leaked[i], sentences[i]).toBe(true);
        expectWholeSentences(out, sentences, leaked);
      }),
      { numRuns: 1_000 },
    );
  });

  it("the move's own price survives, spelled any way, and the words are the same whether or not it is the reservation", () => {
    fc.assert(
      fc.property(
        hiddenValues,
        fc.constantFrom(...SPELLING_STYLES),
        fc.nat(),
        fc.array(part, { maxLength: 4 }),
        (h, style, seed, parts) => {
          const own = h.reservation;
          // The cost may leak around the quote; the reservation is said only as the quote.
          const others = parts.map((p) => (p.kind === "leak" ? { ...p, which: 1 as const } : p));
          const quote = `For you, ${spellNumber(own, style, new Rng(seed))} today.`;
          const sentences = [quote, ...others.map((p) => render(p, [own, h.cost]))];
          const text = sentences.join(" ");
          const elsewhere = round2(own * 1.37 + 11);
          fc.pre(!statesAnywhere(text, elsewhere));
          const onFloor = redactHidden(text, [own, h.cost], own).text;
          const aboveFloor = redactHidden(text, [elsewhere, h.cost], own).text;
          expect(onFloor).toBe(aboveFloor);
          expect(onFloor.startsWith(quote), onFloor).toBe(true);
          expect(leaksHidden(onFloor, [own, h.cost], own)).toBe(false);
        },
      ),
      { numRuns: 1_000 },
    );
  });

  it("beside the move's own price only the leaking clause goes, and what is left reads as sentences", () => {
    fc.assert(
      fc.property(
        hiddenValues,
        fc.constantFrom(...SPELLING_STYLES),
        fc.nat(),
        fc.boolean(),
        (h, style, seed, first) => {
          const rng = new Rng(seed);
          const own = round2(h.reservation * 1.2);
          const [quote, cost] = [spellNumber(own, style, rng), spellNumber(h.cost, style, rng)];
          fc.pre(leaksHidden(cost, [h.cost], own) && !leaksHidden(quote, [h.cost], own));
          const text = first
            ? `I paid ${cost}, so ${quote} it is.`
            : `For you ${quote}, though I paid ${cost}.`;
          const out = redactHidden(text, [h.reservation, h.cost], own).text;
          const line = REDACTION_LINES.find((l) => out.includes(l));
          expect(line, out).toBeDefined();
          expect(out).toBe(first ? `${line} So ${quote} it is.` : `For you ${quote}. ${line}`);
        },
      ),
      { numRuns: 500 },
    );
  });
});
