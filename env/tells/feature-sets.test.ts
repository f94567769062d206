import { describe, expect, it } from "vitest";
import { MASKED_CONCEPTS } from "./concept-index";
import {
  FEATURES_V3,
  FEATURES_V4,
  FEATURES_V5,
  FEATURES_V6,
  FEATURES_V7,
  FEATURES_V9,
  FEATURES_V10,
  FEATURES_V11,
  featuresFor,
} from "./feature-sets";
import v4 from "./model/tells-model.v4.json" with { type: "json" };
import v8 from "./model/tells-model.v8.json" with { type: "json" };
import { loadTellsModel, type TellsModelWeights } from "./tells-model";
import { featureExtractor } from "./text-features";
import { foldToken, latinSkeletonOf } from "./text-fold";

describe("feature sets", () => {
  it("v4 keeps every v3 concept at its index and adds the new ones after", () => {
    const v3 = featuresFor(FEATURES_V3.id).concepts.names;
    const v4 = featuresFor(FEATURES_V4.id).concepts.names;
    expect(v4.slice(0, v3.length)).toEqual(v3);
    expect(v4.slice(v3.length)).toEqual(["PRICE", "USAGE", "FAIL", "TIME", "CONSEQUENCE"]);
  });

  it("v4 puts concept features in their own buckets, below every n-gram", () => {
    const f = featuresFor(FEATURES_V4.id).extract("final rate hai, ek baar pehni, warna kal tak");
    const slots = FEATURES_V4.conceptSlots as number;
    const concepts = f.buckets.filter((_, k) => f.values[k] === 1);
    const grams = f.buckets.filter((_, k) => f.values[k] !== 1);
    expect(concepts.length).toBeGreaterThan(0);
    for (const b of concepts) expect(b).toBeLessThan(slots);
    for (const b of grams) expect(b).toBeGreaterThanOrEqual(slots);
  });

  it("v4 opens the condition gate on usage and failure verbs", () => {
    const v4 = featuresFor(FEATURES_V4.id);
    const gate = v4.concepts.mask(FEATURES_V4.conditionLicence);
    for (const text of ["ek baar hi pehni hai", "thodi der mein band ho jaata hai"]) {
      expect(v4.extract(text).clauseConcepts[0]! & gate, text).not.toBe(0);
    }
    expect(
      v4.extract("location bhejo, main aa jata hoon").clauseConcepts.every((m) => (m & gate) === 0),
    ).toBe(true);
  });

  it("moves price words out of FIRM and clock words out of DEADLINE", () => {
    const v4 = featuresFor(FEATURES_V4.id).concepts;
    const of = (w: string) =>
      v4.conceptsOf(foldToken(w), latinSkeletonOf(foldToken(w))).map((c) => v4.names[c]);
    expect(of("rate")).toEqual(["PRICE"]);
    expect(of("final")).toContain("FIRM");
    expect(of("shaam")).toEqual(["TIME"]);
    expect(of("tak")).toEqual(["DEADLINE"]);
  });

  it("v5 opens the condition gate on repair needs and warranty, and keeps its gate within the clause mask", () => {
    const v5 = featuresFor(FEATURES_V5.id);
    for (const name of FEATURES_V5.conditionLicence)
      expect(v5.concepts.names.indexOf(name), name).toBeLessThan(MASKED_CONCEPTS);
    const gate = v5.concepts.mask(FEATURES_V5.conditionLicence);
    const v4 = featuresFor(FEATURES_V4.id);
    const v4gate = v4.concepts.mask(FEATURES_V4.conditionLicence);
    for (const text of ["gas bharwani padegi", "warranty baaki hai", "बैटरी बदलवानी है"]) {
      expect(v5.extract(text).clauseConcepts[0]! & gate, text).not.toBe(0);
    }
    // v4's gate stayed shut on these: the new concepts are what opens v5's.
    expect(v4.extract("gas bharwani padegi").clauseConcepts[0]! & v4gate).toBe(0);
    expect(v4.extract("warranty baaki hai").clauseConcepts[0]! & v4gate).toBe(0);
    expect(v5.extract("bill aur charger saath milega").clauseConcepts.every((m) => (m & gate) === 0)).toBe(
      true,
    );
  });

  it("v5 names demand by speed, market scarcity and fresh stock as concepts of their own", () => {
    const v5 = featuresFor(FEATURES_V5.id).concepts;
    const of = (w: string) =>
      v5.conceptsOf(foldToken(w), latinSkeletonOf(foldToken(w))).map((c) => v5.names[c]);
    expect(of("hathon")).toContain("DEMAND");
    expect(of("seldom")).toContain("RARITY");
    expect(of("milta")).toContain("FIND");
    expect(of("restocked")).toContain("ARRIVED");
    expect(of("replace")).toEqual(["REPAIR"]);
    expect(of("warranty")).toEqual(["WARRANTY"]);
    expect(of("bill")).toEqual(["PAPERS"]);
  });

  it("v7 reads v6's features with surface n-grams at twice their value, concepts unchanged", () => {
    const text = "last price hai bhai, kal tak le lo warna koi aur le jayega";
    const six = featuresFor(FEATURES_V6.id).extract(text);
    const seven = featuresFor(FEATURES_V7.id).extract(text);
    expect(seven.buckets).toEqual(six.buckets);
    expect(seven.from).toEqual(six.from);
    seven.values.forEach((v, k) => {
      const before = six.values[k] as number;
      expect(v).toBeCloseTo(before === 1 ? 1 : 2 * before, 12);
    });
    expect(new Set(six.values)).toEqual(new Set([0.1, 0.03, 1]));
  });

  it("v10 reads v9's features, then each clause's neighbours' concepts in slots of their own", () => {
    const nine = featuresFor(FEATURES_V9.id);
    const ten = featuresFor(FEATURES_V10.id);
    const text = "kam nahi hoga, box thoda phata hai. andar sab theek hai";
    const a = nine.extract(text);
    const b = ten.extract(text);
    expect(a.neighboursFrom).toBe(a.buckets.length);
    expect(b.neighboursFrom).toBe(a.buckets.length);
    expect(b.buckets.slice(0, b.neighboursFrom)).toEqual(a.buckets);
    expect(b.values.slice(0, b.neighboursFrom)).toEqual(a.values);
    expect(b.from.slice(0, b.neighboursFrom)).toEqual(a.from);
    expect(b.to.slice(0, b.neighboursFrom)).toEqual(a.to);

    const names = ten.concepts.names;
    const width = names.length;
    const base = 2 * width + width * width;
    const slotOf = (name: string, negated = false) => 2 * names.indexOf(name) + (negated ? 1 : 0);
    // Per clause (by the clause of the token a feature is attributed to): what it reads of its neighbours.
    const before = new Map<number, number[]>();
    const after = new Map<number, number[]>();
    const words = new Map<number, number>();
    for (let k = b.neighboursFrom; k < b.buckets.length; k++) {
      const clause = b.clauseOf[b.from[k] as number] as number;
      expect(b.from[k]).toBe(b.clauseOf.indexOf(clause));
      expect(b.to[k]).toBe(b.from[k]);
      if ((b.buckets[k] as number) >= (FEATURES_V10.conceptSlots as number)) {
        // A neighbour's word: hashed among the n-grams.
        expect(b.values[k]).toBe(FEATURES_V10.neighbourWords);
        words.set(clause, (words.get(clause) ?? 0) + 1);
        continue;
      }
      expect(b.values[k]).toBe(FEATURES_V10.neighbourConcepts);
      const x = (b.buckets[k] as number) - base;
      expect(x).toBeGreaterThanOrEqual(0);
      expect(x).toBeLessThan(4 * width);
      const into = x < 2 * width ? before : after;
      into.set(clause, [...(into.get(clause) ?? []), x % (2 * width)]);
    }
    expect(b.clauses).toBe(3);
    // The refusal's "kam" stays negated when the next clause reads it.
    expect(before.get(1)).toContain(slotOf("REDUCE", true));
    expect(before.get(1)).not.toContain(slotOf("REDUCE"));
    expect(before.get(2)).toContain(slotOf("WEAR"));
    // Exactly the concept features (plain or negated) each neighbour has of its own.
    const own = new Map<number, number[]>();
    for (let k = 0; k < b.neighboursFrom; k++) {
      if ((b.buckets[k] as number) >= 2 * width) continue;
      const clause = b.clauseOf[b.from[k] as number] as number;
      own.set(clause, [...new Set([...(own.get(clause) ?? []), b.buckets[k] as number])]);
    }
    for (let c = 0; c < b.clauses; c++) {
      expect(new Set(before.get(c) ?? [])).toEqual(new Set(own.get(c - 1) ?? []));
      expect(new Set(after.get(c) ?? [])).toEqual(new Set(own.get(c + 1) ?? []));
    }
    expect(after.get(0)).toContain(slotOf("WEAR"));
    // Every word of the clauses before and after, one feature each.
    const tokensIn = (c: number) => b.clauseOf.filter((x) => x === c).length;
    for (let c = 0; c < b.clauses; c++) expect(words.get(c) ?? 0).toBe(tokensIn(c - 1) + tokensIn(c + 1));
    // The clause before's words and the clause after's hash apart.
    const wordsOf = (c: number) =>
      new Set(
        b.buckets.filter(
          (x, k) =>
            k >= b.neighboursFrom &&
            x >= (FEATURES_V10.conceptSlots as number) &&
            b.clauseOf[b.from[k] as number] === c,
        ),
      );
    expect([...wordsOf(0)].some((x) => wordsOf(2).has(x))).toBe(false);
    // One clause has no neighbours.
    const one = ten.extract("box thoda phata hai");
    expect(one.neighboursFrom).toBe(one.buckets.length);
  });

  it("v11 adds SELF and YOU after v10's concepts, and reads how a clause ends", () => {
    const ten = featuresFor(FEATURES_V10.id);
    const eleven = featuresFor(FEATURES_V11.id);
    expect(eleven.concepts.names.slice(0, ten.concepts.names.length)).toEqual(ten.concepts.names);
    expect(eleven.concepts.names.slice(ten.concepts.names.length)).toEqual(["SELF", "YOU"]);
    const conceptsOf = (text: string) =>
      eleven
        .tokenize(text)
        .map((t) => eleven.concepts.conceptsOf(t.folded, t.skeleton).map((c) => eleven.concepts.names[c]));
    expect(conceptsOf("aapko jaldi hai")[0]).toContain("YOU");
    expect(conceptsOf("mujhe jaldi hai")[0]).toContain("SELF");

    // The same words with and without a closing mark: the mark adds features, the words' stay.
    const end = FEATURES_V11.clauseEnd as number;
    const plain = eleven.extract("kya kamaunga. jaldi karo");
    const marked = eleven.extract("kya kamaunga? jaldi karo!");
    const extra = (a: typeof plain, b: typeof plain) =>
      b.buckets.filter((x, k) => b.values[k] === end && !a.buckets.includes(x));
    const added = extra(plain, marked);
    expect(added.length).toBeGreaterThanOrEqual(2 + 2); // a mark per clause, and the mark with each concept
    expect(marked.buckets.filter((_, k) => marked.values[k] !== end)).toEqual(plain.buckets);
    // "?" and "!" are different marks; a mark after spaces still closes the clause; "." adds none.
    const q = eleven.extract("jaldi karo?");
    const x = eleven.extract("jaldi karo !");
    expect(extra(eleven.extract("jaldi karo"), q)).not.toEqual(extra(eleven.extract("jaldi karo"), x));
    expect(x.buckets.length).toBeGreaterThan(eleven.extract("jaldi karo.").buckets.length);
    // The mark's features point at the clause's words, so they come before any neighbour feature.
    for (let k = 0; k < marked.buckets.length; k++)
      if (marked.values[k] === end) expect(k).toBeLessThan(marked.neighboursFrom);
    // v10 reads none of it.
    expect(ten.extract("kya kamaunga? jaldi karo!").buckets).toEqual(
      ten.extract("kya kamaunga. jaldi karo").buckets,
    );
  });

  it("refuses a set whose neighbour features have nowhere to go", () => {
    expect(() => featureExtractor({ ...FEATURES_V3, id: "t/no-slots", neighbourConcepts: 0.5 })).toThrow(
      /need concept slots/,
    );
    expect(() => featureExtractor({ ...FEATURES_V9, id: "t/words-alone", neighbourWords: 0.1 })).toThrow(
      /come with neighbour concepts/,
    );
    expect(() =>
      featureExtractor({
        ...FEATURES_V9,
        id: "t/narrow",
        conceptSlots: 2 * 40 + 40 * 40,
        neighbourConcepts: 0.5,
      }),
    ).toThrow(/slots too few/);
  });

  it("refuses an unknown set", () => {
    expect(() => featuresFor("tells-features/99")).toThrow(/unknown/);
  });

  it("a model file names its feature set exactly when its format says so", () => {
    const file = v4 as TellsModelWeights;
    expect(file.format).toBe("tells-model/3");
    expect(file.feature_set).toBe(FEATURES_V4.id);
    const { feature_set: _, ...unnamed } = file;
    expect(() => loadTellsModel(unnamed)).toThrow(/not readable/);
    expect(() => loadTellsModel({ ...file, format: "tells-model/2" })).toThrow(/not readable/);
    expect(() => loadTellsModel({ ...file, feature_set: "tells-features/99" })).toThrow(/unknown/);
  });

  it("a model file asks for noisy-or clause pooling exactly when its format says so", () => {
    const file = v8 as TellsModelWeights;
    expect(file.format).toBe("tells-model/4");
    expect(file.clause_pooling).toBe("noisy-or");
    const { clause_pooling: _, ...unpooled } = file;
    expect(() => loadTellsModel(unpooled)).toThrow(/not readable/);
    expect(() => loadTellsModel({ ...file, format: "tells-model/3" })).toThrow(/not readable/);
    // The same weights read as max pooling: one clause's probability is the message's either way;
    // over several clauses noisy-or is never below the strongest clause's.
    const pooled = loadTellsModel(file);
    const strongest = loadTellsModel({ ...unpooled, format: "tells-model/3" });
    const one = "meri maa hospital mein hai";
    const alone = strongest.read(one).probability;
    for (const [s, v] of Object.entries(pooled.read(one).probability))
      expect(v).toBeCloseTo(alone[s as keyof typeof alone], 12);
    const several = "meri maa hospital mein hai, kiraya bhi dena hai, thoda samjho bhai";
    const p = pooled.read(several).probability;
    const q = strongest.read(several).probability;
    for (const s of Object.keys(p) as (keyof typeof p)[]) expect(p[s]).toBeGreaterThanOrEqual(q[s] - 1e-12);
    expect(p.sympathy).toBeGreaterThan(q.sympathy);
  });
});
