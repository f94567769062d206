import { describe, expect, it } from "vitest";
import { CONCEPT_WORDS_V6 } from "./concept-lexicon-v6";
import { CONCEPT_WORDS_V7, REGIONAL_WORDS_2 } from "./concept-lexicon-v7";
import { FEATURES_V8, FEATURES_V9, featuresFor } from "./feature-sets";
import { foldToken, latinSkeletonOf } from "./text-fold";

const v6 = featuresFor(FEATURES_V8.id).concepts;
const v7 = featuresFor(FEATURES_V9.id).concepts;
const of = (index: typeof v7, w: string): string[] =>
  index
    .conceptsOf(foldToken(w), latinSkeletonOf(foldToken(w)))
    .map((c) => index.names[c] as string)
    .sort();

const added = (name: string): string[] =>
  (CONCEPT_WORDS_V7[name] as string).split(" ").slice((CONCEPT_WORDS_V6[name] as string).split(" ").length);

describe("the v7 concept lexicon (tells-features/9)", () => {
  it("keeps v6's concepts in v6's order and every v6 word first, unchanged", () => {
    expect(Object.keys(CONCEPT_WORDS_V7)).toEqual(Object.keys(CONCEPT_WORDS_V6));
    for (const [name, words] of Object.entries(CONCEPT_WORDS_V6))
      expect((CONCEPT_WORDS_V7[name] as string).startsWith(words), name).toBe(true);
  });

  it("names only concepts v6 has, in lists of lowercase Roman words of three letters or more", () => {
    for (const [lang, byConcept] of Object.entries(REGIONAL_WORDS_2))
      for (const [name, words] of Object.entries(byConcept)) {
        expect(CONCEPT_WORDS_V6, `${lang} ${name}`).toHaveProperty(name);
        for (const w of words.split(" ")) expect(w, `${lang} ${name}`).toMatch(/^[a-z]{3,}$/);
      }
  });

  it("adds about two thousand words, each reaching its own concept", () => {
    let count = 0;
    for (const name of Object.keys(CONCEPT_WORDS_V7))
      for (const w of added(name)) {
        count++;
        expect(of(v7, w), w).toContain(name);
        expect(
          of(v6, w).filter((c) => c !== name),
          `${w} was another concept's in v6`,
        ).toEqual([]);
      }
    expect(count).toBeGreaterThan(2000);
  });

  it("leaves every v6 word with the concepts it had (no fold collisions)", () => {
    const changed: string[] = [];
    for (const words of Object.values(CONCEPT_WORDS_V6))
      for (const w of words.split(" ")) {
        if (w.endsWith("*")) continue;
        if (of(v6, w).join() !== of(v7, w).join()) changed.push(`${w}: ${of(v6, w)} -> ${of(v7, w)}`);
      }
    expect(changed).toEqual([]);
  });

  it("leaves out a word v6 reads as another concept, and does not repeat one it has", () => {
    // Marathi "mahine" (months, AGE) is v6's like-new "mahine" ("do mahine purana").
    expect(REGIONAL_WORDS_2.mr?.AGE).toContain("mahine");
    expect(added("AGE")).not.toContain("mahine");
    expect(of(v7, "mahine")).toEqual(["LIKE_NEW"]);
    for (const name of Object.keys(CONCEPT_WORDS_V7)) {
      const old = new Set((CONCEPT_WORDS_V6[name] as string).split(" "));
      const words = added(name);
      expect(new Set(words).size, name).toBe(words.length);
      expect(
        words.filter((w) => old.has(w)),
        name,
      ).toEqual([]);
    }
  });

  it("reads the cue words of the new languages", () => {
    const cases: [string, string][] = [
      ["etiya", "NOW"], // Assamese: now
      ["lokchan", "LOSS"], // Assamese: loss
      ["marammati", "REPAIR"], // Odia: repair
      ["ventane", "NOW"], // Telugu: at once
      ["utaval", "NOW"], // Gujarati: hurry
      ["akhoni", "NOW"], // Bengali: right now
    ];
    for (const [w, name] of cases) expect(of(v7, w), w).toContain(name);
  });

  it("leaves out words the review found colliding with English, Hindi or Filipino words", () => {
    // Gujarati "gaame" (to the village) is English "game"; Marathi "nighto" (leaving) is
    // "night"; Gujarati "davao" is a Philippine city; Gujarati "biji" is Punjabi for mother.
    for (const w of ["game", "night", "davao", "biji", "task"]) expect(of(v7, w), w).toEqual(of(v6, w));
  });
});
