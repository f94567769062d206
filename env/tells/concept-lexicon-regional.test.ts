import { describe, expect, it } from "vitest";
import { REGIONAL_WORDS } from "./concept-lexicon-regional";
import { CONCEPT_WORDS_V5 } from "./concept-lexicon-v5";
import { CONCEPT_WORDS_V6 } from "./concept-lexicon-v6";
import { FEATURES_V5, FEATURES_V6, featuresFor } from "./feature-sets";
import { foldToken, latinSkeletonOf } from "./text-fold";

const v6 = featuresFor(FEATURES_V6.id).concepts;
const core = featuresFor(FEATURES_V5.id).concepts;
const of = (index: typeof v6, w: string): string[] =>
  index
    .conceptsOf(foldToken(w), latinSkeletonOf(foldToken(w)))
    .map((c) => index.names[c] as string)
    .sort();

// Words that name two ideas on purpose: "last" is a firm price and the last piece, as in English.
const BOTH_LAST = ["FIRM", "SCARCE"];
const DOUBLE: Readonly<Record<string, readonly string[]>> = {
  kadaisi: BOTH_LAST,
  kadasi: BOTH_LAST,
  chivari: BOTH_LAST,
  shevatcha: BOTH_LAST,
  shevatchi: BOTH_LAST,
  shevtcha: BOTH_LAST,
  shevatch: BOTH_LAST,
  शेवटचा: BOTH_LAST,
  शेवटची: BOTH_LAST,
  shesh: BOTH_LAST,
  sesh: BOTH_LAST,
  chhello: BOTH_LAST,
  chello: BOTH_LAST,
  chhelo: BOTH_LAST,
  chhelli: BOTH_LAST,
  chhellu: BOTH_LAST,
  // "aukha" (Punjabi: hard) is hardship and hard-to-find, as "mushkil" is.
  aukha: ["HARDSHIP", "RARITY"],
  aukhaa: ["HARDSHIP", "RARITY"],
};

describe("regional words of the v6 lexicon", () => {
  it("name only concepts v5 has, and v5 keeps its concept order", () => {
    for (const lang of Object.values(REGIONAL_WORDS))
      for (const name of Object.keys(lang)) expect(CONCEPT_WORDS_V5, name).toHaveProperty(name);
    expect(Object.keys(CONCEPT_WORDS_V6)).toEqual(Object.keys(CONCEPT_WORDS_V5));
  });

  it("each word reaches its own concept and no other, except the listed doubles", () => {
    for (const [lang, byConcept] of Object.entries(REGIONAL_WORDS))
      for (const [name, words] of Object.entries(byConcept))
        for (const w of words.split(" ")) {
          expect(of(v6, w), `${lang} ${w}`).toEqual([...(DOUBLE[w] ?? [name])].sort());
          // Not already a word of v5 before them: each one is new reach, not a duplicate.
          expect(of(core, w), `${lang} ${w} was already in v5`).toEqual([]);
        }
  });

  it("leave every word of the earlier v5 lists with the concepts it had (no fold collisions)", () => {
    const changed: string[] = [];
    for (const words of Object.values(CONCEPT_WORDS_V5))
      for (const w of words.split(" ")) {
        if (w.endsWith("*")) continue;
        if (of(core, w).join() !== of(v6, w).join()) changed.push(`${w}: ${of(core, w)} -> ${of(v6, w)}`);
      }
    expect(changed).toEqual([]);
  });

  it("read the cue words of each language, negations included", () => {
    const cases: [string, string][] = [
      ["seekiram", "NOW"],
      ["kammi", "REDUCE"],
      ["pudhusu", "NEW"],
      ["illai", "NEG"],
      ["ledu", "NEG"],
      ["nako", "NEG"],
      ["नको", "NEG"],
      ["नाही", "NEG"],
      ["nei", "NEG"],
      ["nathi", "NEG"],
      ["lavkar", "NOW"],
      ["लवकर", "NOW"],
      ["taratari", "NOW"],
      ["notun", "NEW"],
      ["navu", "NEW"],
      ["chheti", "NOW"],
      ["vilai", "PRICE"],
      ["takkuva", "REDUCE"],
      ["kashtam", "HARDSHIP"],
      ["bhanga", "WEAR"],
    ];
    for (const [w, name] of cases) expect(of(v6, w), w).toContain(name);
    // Spellings fold together: doubled letters, ee/i, kh/k stay one word.
    expect(of(v6, "seekram")).toEqual(of(v6, "sikram"));
    expect(of(v6, "chhetti")).toEqual(["NOW"]);
  });

  it("leave out words that fold onto an English or Hindi word of another meaning", () => {
    // Telugu "chala" (very) is Hindi "chala" (went, a usage word); "kale" is Hindi black,
    // "chale" / "chalte" are Hindi "let's go", "navi" is Navi Mumbai, "chole" a dish, "alla"
    // and "aala" fold together across Malayalam (not) and Marathi (came).
    expect(of(v6, "chala")).toEqual(["AGE"]);
    for (const w of ["kale", "chale", "chalte", "navi", "नवी", "chole", "alla", "aala", "koi", "ooru"])
      expect(of(v6, w), w).toEqual([]);
    expect(of(v6, "went")).toEqual(["DEMAND"]);
    expect(of(v6, "hard")).toEqual(["RARITY"]);
    expect(of(v6, "band")).toEqual(["FAIL", "OTHERS"]);
  });
});
