import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { extractCues } from "../../env/tells/extract-cues";
import { loadCorpus } from "./corpus/corpus-row";
import {
  FRESH_LANGS,
  FreshRow,
  freshSetNames,
  freshSetPath,
  loadFreshSet,
  poolFreshSets,
  scoreFreshSet,
} from "./fresh-set";
import { scoreMessages } from "./score";

const set = loadFreshSet("untouched4");
const SETS = ["untouched4", "untouched5"] as const;

describe("the untouched sets on disk", () => {
  it("are found by name, and no id or message is in two of them", () => {
    expect(freshSetNames()).toEqual([...SETS]);
    const all = SETS.map((n) => loadFreshSet(n));
    const pooled = poolFreshSets("untouched_pooled", all);
    expect(pooled.rows).toHaveLength(480);
    expect(new Set(pooled.rows.map((r) => r.text.trim().toLowerCase())).size).toBe(480);
  });

  it("pooling fails loudly on an id in two sets, and its hash names its members", () => {
    const a = loadFreshSet("untouched4");
    expect(() => poolFreshSets("p", [a, { ...a, name: "again" }])).toThrow(
      /u4-001 is in both untouched4 and again/,
    );
    const b = loadFreshSet("untouched5");
    expect(poolFreshSets("p", [a, b]).sha256).not.toBe(poolFreshSets("p", [b, a]).sha256);
  });
});

describe.each(SETS)("fresh set %s", (name) => {
  const set = loadFreshSet(name);
  const count = (pred: (r: FreshRow) => boolean): number => set.rows.filter(pred).length;
  it("parses: 240 rows, unique ids, valid labels", () => {
    expect(set.rows).toHaveLength(240);
    expect(new Set(set.rows.map((r) => r.id)).size).toBe(240);
    expect(new Set(set.rows.map((r) => r.text.trim().toLowerCase())).size).toBe(240);
    expect(set.sha256).toMatch(/^sha256:[0-9a-f]{64}$/);
  });

  it("has the brief's mix: ~30/30/20/20 % by language, ~25 % with no signal, ~20 % hard negatives", () => {
    const share = (n: number) => n / set.rows.length;
    const byLang = Object.fromEntries(FRESH_LANGS.map((l) => [l, share(count((r) => r.lang === l))]));
    expect(byLang.en).toBeCloseTo(0.3, 1);
    expect(byLang["hi-Latn"]).toBeCloseTo(0.3, 1);
    expect(byLang["hi-Deva"]).toBeCloseTo(0.2, 1);
    expect(byLang.mixed).toBeCloseTo(0.2, 1);
    const none = share(count((r) => r.signals.length === 0));
    expect(none).toBeGreaterThanOrEqual(0.2);
    expect(none).toBeLessThanOrEqual(0.3);
    const hard = share(count((r) => r.note?.startsWith("hard negative") === true));
    expect(hard).toBeGreaterThanOrEqual(0.15);
    expect(hard).toBeLessThanOrEqual(0.25);
    // A hard negative is labelled as carrying no signal.
    expect(count((r) => r.note?.startsWith("hard negative") === true && r.signals.length > 0)).toBe(0);
    for (const s of ["urgency", "deception", "confidence", "sympathy", "condition"] as const) {
      expect(
        count((r) => r.signals.includes(s)),
        s,
      ).toBeGreaterThanOrEqual(20);
    }
    expect(count((r) => /[\u0900-\u097F]/.test(r.text) && r.lang === "mixed")).toBeGreaterThan(0);
  });

  it("is in no training row: no corpus text equals a set message", () => {
    const corpus = new Set(loadCorpus().map((r) => r.text.trim().toLowerCase()));
    expect(set.rows.filter((r) => corpus.has(r.text.trim().toLowerCase())).map((r) => r.id)).toEqual([]);
  });
});

describe("FreshRow", () => {
  const ok = { id: "u4-001", lang: "en", text: "firm price", signals: ["confidence"], condition_label: null };
  it("accepts a well-formed row and the writer's 'poor' grade", () => {
    expect(FreshRow.safeParse(ok).success).toBe(true);
    expect(
      FreshRow.safeParse({ ...ok, signals: ["condition"], condition_label: "poor", note: "worn" }).success,
    ).toBe(true);
  });
  it.each([
    ["an unknown signal", { ...ok, signals: ["greed"] }],
    ["an unknown language", { ...ok, lang: "ta" }],
    ["an unknown grade", { ...ok, signals: ["condition"], condition_label: "mint" }],
    ["condition without a grade", { ...ok, signals: ["condition"] }],
    ["a grade without condition", { ...ok, condition_label: "good" }],
    ["a repeated signal", { ...ok, signals: ["confidence", "confidence"] }],
    ["an extra field", { ...ok, spans: [] }],
    ["an empty text", { ...ok, text: "" }],
  ])("rejects %s", (_why, row) => {
    expect(FreshRow.safeParse(row).success).toBe(false);
  });
});

describe("scoreFreshSet", () => {
  it("scores at message level with score.ts, overall and per language, and counts grade agreement", () => {
    const rows: FreshRow[] = [
      { id: "x-001", lang: "en", text: "a", signals: ["urgency"], condition_label: null },
      { id: "x-002", lang: "en", text: "b", signals: [], condition_label: null },
      { id: "x-003", lang: "hi-Deva", text: "c", signals: ["condition"], condition_label: "good" },
      { id: "x-004", lang: "hi-Deva", text: "d", signals: ["condition"], condition_label: "poor" },
    ];
    const readings: Record<string, ReturnType<Parameters<typeof scoreFreshSet>[1]>> = {
      a: { spans: [{ signal: "urgency" }, { signal: "urgency" }], condition: null },
      b: { spans: [{ signal: "deception" }], condition: null },
      c: { spans: [{ signal: "condition" }], condition: { label: "good" } },
      d: { spans: [{ signal: "condition" }], condition: { label: "junk" } },
    };
    const s = scoreFreshSet(rows, (t) => readings[t] ?? { spans: [], condition: null });
    expect(s.overall.per_signal.urgency).toMatchObject({ tp: 1, fp: 0, fn: 0 });
    expect(s.overall.per_signal.deception).toMatchObject({ tp: 0, fp: 1, fn: 0 });
    expect(s.overall.per_signal.condition).toMatchObject({ tp: 2, fp: 0, fn: 0 });
    expect(s.per_language.get("en")?.rows).toBe(2);
    expect(s.per_language.get("hi-Deva")?.score.macro_f1).toBe(1);
    expect(s.per_language.has("mixed")).toBe(false);
    expect(s.condition_grade).toEqual({ both: 2, agree: 1 });
  });

  it("with the shipped model equals scoreMessages over extractCues on the set", () => {
    const s = scoreFreshSet(set.rows, (t) => extractCues(t, "model"));
    const direct = scoreMessages(
      set.rows.map((r) => ({
        predicted: extractCues(r.text, "model").spans,
        gold: r.signals.map((signal) => ({ signal })),
      })),
    );
    expect(s.overall).toEqual(direct);
  });
});

describe("loadFreshSet", () => {
  it("fails loudly on a repeated id, naming the line", () => {
    const dir = mkdtempSync(join(tmpdir(), "fresh-"));
    const line = readFileSync(freshSetPath("untouched4"), "utf8").split("\n")[0] as string;
    const file = join(dir, "dup.jsonl");
    writeFileSync(file, `${line}\n${line}\n`);
    expect(() => loadFreshSet("dup", file)).toThrow(/dup.jsonl line 2: id u4-001 repeated/);
  });
});
