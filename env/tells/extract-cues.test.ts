import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { useReleaseFiles } from "../../eval/tells/model/model-file";
import {
  extractCues,
  localExtractorFor,
  releasedTellsModel,
  TELLS_MODEL,
  TELLS_MODEL_REF,
  TellsExtractorId,
  tellsModelFor,
  UnknownTellsModelError,
} from "./extract-cues";
import { GROUP_HEAD_NAMES } from "./group-heads";
import { readCuesWithModel } from "./model-cues";
import { loadTellsModel } from "./tells-model";
import { readCues } from "./verbal";

// Earlier releases load from their files (env/tells/earlier-releases.ts).
useReleaseFiles();

const signals = (text: string) => [...new Set(extractCues(text, "model").spans.map((s) => s.signal))].sort();

describe("extractCues", () => {
  it("the rules path is exactly the v1 reading", () => {
    for (const text of ["final price 450, isse kam nahi hoga", "bilkul naya hai", "", "jaldi karo"]) {
      expect(extractCues(text, "rules")).toEqual(readCues(text));
    }
  });

  it("the model path reads phrasings no rule was written for", () => {
    expect(signals("किराया देना है इस हफ्ते, थोड़ा तो समझिए")).toContain("sympathy");
    expect(signals("one dead pixel near the corner, otherwise spotless")).toContain("condition");
    expect(signals("my neighbour's son also wants it, he is coming at five")).toContain("deception");
  });

  it("keeps negated cues and condition words about something else quiet", () => {
    expect(signals("no rush at all, take your time")).not.toContain("urgency");
    expect(signals("mera phone kharab hai, whatsapp pe msg karo")).not.toContain("condition");
  });

  it("models up to tells-features/7 read condition only from a clause that names an item's state", () => {
    const v10 = releasedTellsModel("tells-model@10");
    expect(v10.read("location bhejo, main aa jata hoon").probability.condition).toBe(0);
    expect(v10.read("आप कब आएँगे? मैं घर पर हूँ").probability.condition).toBe(0);
    expect(v10.read("mic kaam nahi karta, baaki sab theek").probability.condition).toBe(0);
    expect(v10.read("screen pe halka scratch hai").probability.condition).toBeGreaterThan(0.5);
  });

  it("the shipped model (tells-features/8, no gate) also reads a fault with no item-state word", () => {
    // Not corpus rows: damage said without any item-state word, which the gate used to shut out.
    for (const fault of ["andar se toot gaya hai", "the colour has run"]) {
      expect(releasedTellsModel("tells-model@10").read(fault).probability.condition, fault).toBe(0);
      expect(TELLS_MODEL.read(fault).probability.condition, fault).toBeGreaterThan(0.2);
    }
    // Whether it is then carried is the model's call: v18 carries the first, not the second
    // (probability about 0.31, under its combiner's condition threshold).
    expect(signals("andar se toot gaya hai")).toContain("condition");
    expect(TELLS_MODEL.read("andar se toot gaya hai").fired.condition).toBe(true);
    expect(TELLS_MODEL.read("screen pe halka scratch hai").fired.condition).toBe(true);
    for (const logistics of [
      "location bhejo, main aa jata hoon",
      "आप कब आएँगे? मैं घर पर हूँ",
      "cash only, no cheques",
    ])
      expect(TELLS_MODEL.read(logistics).fired.condition, logistics).toBe(false);
  });

  it("the shipped model decides with every signal's reading: demand by speed is not also urgency", () => {
    // Read signal by signal (each head against its own threshold), the model takes "moving very
    // fast" for urgency as well; the combiner, reading every signal together, keeps deception only.
    const text = "These ones are moving very fast, I sold five this week";
    const alone = TELLS_MODEL.read(text).fired;
    expect(alone.deception && alone.urgency).toBe(true);
    expect(signals(text)).toEqual(["deception"]);
  });

  it("under a combiner, the rule spans of a signal it does not carry are dropped and a carried one is kept", () => {
    const text = "screen pe halka scratch hai, final price 450";
    const never = TELLS_MODEL.combiner?.weights.map((w) => [-100, ...w.slice(1).map(() => 0)]) ?? [];
    const quietCondition = {
      ...TELLS_MODEL,
      combiner: {
        // The hidden layers (tells-model/7) stay: a bias of −100 outweighs any layer's output.
        ...(TELLS_MODEL.combiner?.hidden === undefined ? {} : { hidden: TELLS_MODEL.combiner.hidden }),
        inputs: TELLS_MODEL.combiner?.inputs ?? ("cross-signal/1" as const),
        weights: TELLS_MODEL.combiner?.weights.map((w, s) => (s === 4 ? (never[s] as number[]) : w)) ?? [],
        thresholds: TELLS_MODEL.combiner?.thresholds ?? [],
      },
    };
    expect(readCues(text).spans.some((s) => s.signal === "condition")).toBe(true);
    expect(readCuesWithModel(TELLS_MODEL, text).spans.some((s) => s.signal === "condition")).toBe(true);
    const quiet = readCuesWithModel(quietCondition, text);
    expect(quiet.spans.some((s) => s.signal === "condition")).toBe(false);
    expect(quiet.condition).toBeNull();
    expect(quiet.spans.filter((s) => s.signal !== "condition")).toEqual(
      readCuesWithModel(TELLS_MODEL, text).spans.filter((s) => s.signal !== "condition"),
    );
  });

  it("a model file carries a combiner exactly when its format is tells-model/5", () => {
    const v14 = JSON.parse(readFileSync(new URL("./model/tells-model.v14.json", import.meta.url), "utf8"));
    const v13 = JSON.parse(readFileSync(new URL("./model/tells-model.v13.json", import.meta.url), "utf8"));
    const { combiner, ...without } = v14;
    expect(() => loadTellsModel(without)).toThrow(/not readable/);
    expect(() => loadTellsModel({ ...v13, combiner })).toThrow(/not readable/);
    expect(() => loadTellsModel({ ...v13, format: "tells-model/5" })).toThrow(/not readable/);
    expect(loadTellsModel(v14).combiner).toEqual(combiner);
    // A combiner whose weights do not number its kind's inputs, or of a kind unknown here.
    const short = { ...combiner, weights: combiner.weights.map((w: number[]) => w.slice(1)) };
    expect(() => loadTellsModel({ ...v14, combiner: short })).toThrow(/not readable/);
    expect(() => loadTellsModel({ ...v14, combiner: { ...combiner, inputs: "cross-signal/2" } })).toThrow(
      /not readable/,
    );
    expect(() => loadTellsModel({ ...v14, combiner: { ...combiner, inputs: "cross-signal/9" } })).toThrow(
      /not readable/,
    );
  });

  it("a model file carries group heads exactly when its format is tells-model/6, read by a cross-signal/3 combiner", () => {
    const v22 = JSON.parse(readFileSync(new URL("./model/tells-model.v22.json", import.meta.url), "utf8"));
    const v21 = JSON.parse(readFileSync(new URL("./model/tells-model.v21.json", import.meta.url), "utf8"));
    const { group_heads, ...without } = v22;
    expect(loadTellsModel(v22).read("jaldi karo").groups).toHaveLength(GROUP_HEAD_NAMES.length);
    expect(() => loadTellsModel(without)).toThrow(/not readable/);
    expect(() => loadTellsModel({ ...v21, group_heads })).toThrow(/not readable/);
    expect(() => loadTellsModel({ ...v22, combiner: v21.combiner })).toThrow(/not readable/);
    expect(() => loadTellsModel({ ...v21, combiner: { ...v21.combiner, inputs: "cross-signal/3" } })).toThrow(
      /not readable/,
    );
    // Group heads of other groups, or whose lists do not match their heads or features.
    const renamed = { ...group_heads, heads: [...group_heads.heads].reverse() };
    expect(() => loadTellsModel({ ...v22, group_heads: renamed })).toThrow(/not readable/);
    const short = { ...group_heads, weights: group_heads.weights.map((w: number[]) => w.slice(1)) };
    expect(() => loadTellsModel({ ...v22, group_heads: short })).toThrow(/not readable/);
    expect(() => loadTellsModel({ ...v22, group_heads: { ...group_heads, bias: [0] } })).toThrow(
      /not readable/,
    );
  });

  it("a model file's combiner carries hidden layers exactly when its format is tells-model/7", () => {
    const v23 = JSON.parse(readFileSync(new URL("./model/tells-model.v23.json", import.meta.url), "utf8"));
    const v22 = JSON.parse(readFileSync(new URL("./model/tells-model.v22.json", import.meta.url), "utf8"));
    const { hidden, ...linear } = v23.combiner;
    expect(loadTellsModel(v23).combiner?.hidden).toEqual(hidden);
    expect(() => loadTellsModel({ ...v23, combiner: linear })).toThrow(/not readable/);
    expect(() => loadTellsModel({ ...v22, combiner: { ...v22.combiner, hidden } })).toThrow(/not readable/);
    // Layers whose units do not number the kind's inputs, or one layer short.
    const short = hidden.map((l: { weights: number[][]; out: number[] }) => ({
      ...l,
      weights: l.weights.map((w) => w.slice(1)),
    }));
    expect(() => loadTellsModel({ ...v23, combiner: { ...v23.combiner, hidden: short } })).toThrow(
      /not readable/,
    );
    expect(() => loadTellsModel({ ...v23, combiner: { ...v23.combiner, hidden: hidden.slice(1) } })).toThrow(
      /not readable/,
    );
    // A file of tells-model/7 read without a combiner (the inner-fold models) is readable.
    const { combiner: _, ...bare } = v23;
    expect(loadTellsModel(bare).combiner).toBeUndefined();
  });

  it("a model file carries a message network exactly when its format is tells-model/8, read by a cross-signal/4 combiner", () => {
    const v24 = JSON.parse(readFileSync(new URL("./model/tells-model.v24.json", import.meta.url), "utf8"));
    const v23 = JSON.parse(readFileSync(new URL("./model/tells-model.v23.json", import.meta.url), "utf8"));
    const { network, ...without } = v24;
    const model = loadTellsModel(v24);
    // Urgency (VERBAL_SIGNALS' first) reads higher in a message that presses than in one that does not.
    const pressing = model.read("Offer ends tonight, hurry!").network;
    const plain = model.read("Hello, the shop opens at ten.").network;
    expect(pressing).toHaveLength(5);
    expect(pressing[0]).toBeGreaterThan((plain[0] as number) + 0.3);
    expect(loadTellsModel(v23).read("Last piece").network).toEqual([]);
    expect(() => loadTellsModel(without)).toThrow(/not readable/);
    expect(() => loadTellsModel({ ...v23, network })).toThrow(/not readable/);
    expect(() => loadTellsModel({ ...v24, combiner: v23.combiner })).toThrow(/not readable/);
    expect(() => loadTellsModel({ ...v23, format: "tells-model/8" })).toThrow(/not readable/);
    // A network whose units do not each have one weight per row, or one output short.
    const short = { ...network, weights: network.weights.map((w: number[]) => w.slice(1)) };
    expect(() => loadTellsModel({ ...v24, network: short })).toThrow(/not readable/);
    expect(() => loadTellsModel({ ...v24, network: { ...network, out: network.out.slice(1) } })).toThrow(
      /not readable/,
    );
    expect(() => loadTellsModel({ ...v24, network: { ...network, scale: [1] } })).toThrow(/not readable/);
    // Read without a combiner (the inner-fold models): readable.
    const { combiner: _, ...bare } = v24;
    expect(loadTellsModel(bare).combiner).toBeUndefined();
  });

  it("a model span points into the message and says it was learned", () => {
    const text = "किराया देना है इस हफ्ते, थोड़ा तो समझिए";
    const learned = extractCues(text, "model").spans.filter((s) => s.explanation.startsWith("learned"));
    expect(learned.length).toBeGreaterThan(0);
    for (const s of learned) expect(text.slice(s.start, s.end)).toBe(s.text);
  });

  it("reads with the model a spec recorded, so an episode from an earlier release replays unchanged", () => {
    const text = "Come on, don't keep me waiting";
    const v5 = releasedTellsModel("tells-model@5");
    const v5Ref = { version: v5.version, hash: v5.contentHash };
    expect(extractCues(text, "model", v5Ref)).toEqual(readCuesWithModel(v5, text));
    expect(extractCues(text, "model", v5Ref).aggregate).not.toEqual(extractCues(text, "model").aggregate);
    expect(tellsModelFor(TELLS_MODEL_REF)).toBe(TELLS_MODEL);
    expect(tellsModelFor(undefined)).toBe(TELLS_MODEL);
    expect(tellsModelFor(v5Ref)).toBe(v5);
    // A name or hash no release has would read with some other model: it throws instead.
    expect(() => tellsModelFor({ version: "tells-model@3", hash: "x" })).toThrow(UnknownTellsModelError);
    expect(() => tellsModelFor({ version: "tells-model@99", hash: v5Ref.hash })).toThrow(
      UnknownTellsModelError,
    );
    expect(() => extractCues(text, "model", { version: "toString", hash: "x" })).toThrow(
      UnknownTellsModelError,
    );
    expect(extractCues(text, "rules", v5Ref)).toEqual(extractCues(text, "rules"));
  });

  it("names the shipped model by version and content hash", () => {
    expect(TELLS_MODEL_REF.version).toBe("tells-model@25");
    expect(TELLS_MODEL_REF.hash).toMatch(/^sha256:[0-9a-f]{64}$/);
  });

  it("accepts rules, model and llm:<backend> ids only; an llm id runs the model path locally", () => {
    for (const ok of ["rules", "model", "llm:ollama", "llm:hf:meta-llama/Llama-3.1-8B"]) {
      expect(TellsExtractorId.safeParse(ok).success, ok).toBe(true);
    }
    for (const bad of ["", "Rules", "llm:", "gpt", "model "]) {
      expect(TellsExtractorId.safeParse(bad).success, bad).toBe(false);
    }
    expect(localExtractorFor("llm:ollama")).toBe("model");
    expect(localExtractorFor("rules")).toBe("rules");
  });
});

const isHighSurrogate = (c: number): boolean => c >= 0xd800 && c <= 0xdbff;
const isLowSurrogate = (c: number): boolean => c >= 0xdc00 && c <= 0xdfff;

/** A span edge must not split a surrogate pair (an edge beside a lone surrogate is fine). */
function onCodeUnitBoundary(text: string, at: number): boolean {
  return !(
    at > 0 &&
    at < text.length &&
    isHighSurrogate(text.charCodeAt(at - 1)) &&
    isLowSurrogate(text.charCodeAt(at))
  );
}

const nasty = fc.oneof(
  fc.string({ maxLength: 300 }),
  fc.string({ unit: "grapheme", maxLength: 100 }),
  fc.string({ unit: "binary", maxLength: 200 }),
  fc
    .array(
      fc.constantFrom(
        "jaldi",
        " ",
        "\u200b",
        "\u200d",
        "\u200f",
        "\u202e",
        "\ufeff",
        "😀",
        "👍🏽",
        "\ud800",
        "\udc00",
        "नया",
        "घाटा",
        "ख़राब",
        "final price",
        "no rush",
        "שלום",
        "مرحبا",
        ",",
        "\n",
        "2 other buyers",
      ),
      { maxLength: 60 },
    )
    .map((parts) => parts.join("")),
);

describe("bad input on both local paths", () => {
  it("never throws; spans stay in bounds on code-unit boundaries; aggregate in [0, 1]", () => {
    fc.assert(
      fc.property(nasty, fc.constantFrom("rules" as const, "model" as const), (text, path) => {
        const r = extractCues(text, path);
        for (const s of r.spans) {
          expect(s.start).toBeGreaterThanOrEqual(0);
          expect(s.end).toBeLessThanOrEqual(text.length);
          expect(s.start).toBeLessThan(s.end);
          expect(text.slice(s.start, s.end)).toBe(s.text);
          expect(onCodeUnitBoundary(text, s.start) && onCodeUnitBoundary(text, s.end)).toBe(true);
        }
        for (const v of Object.values(r.aggregate)) {
          expect(v).toBeGreaterThanOrEqual(0);
          expect(v).toBeLessThanOrEqual(1);
        }
      }),
      { numRuns: 300 },
    );
  });

  it("reads the fixed hard cases: empty, 64 KB, emoji only, marks and lone surrogates", () => {
    const big = "jaldi karo, final price. ".repeat(2700).slice(0, 65_536);
    for (const text of [
      "",
      big,
      "😀😀👍🏽🔥",
      "\u200f\u202eنया\u200b\u200d",
      "\ud800abc\udfff",
      "a\u0000b",
    ]) {
      for (const path of ["rules", "model"] as const) {
        const r = extractCues(text, path);
        for (const s of r.spans) expect(text.slice(s.start, s.end)).toBe(s.text);
      }
    }
    expect(extractCues("", "model")).toEqual({ spans: [], aggregate: {}, condition: null });
  });
});
