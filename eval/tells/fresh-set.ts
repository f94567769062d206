import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { z } from "zod";
import { VERBAL_SIGNALS, type VerbalSignal } from "../../env/tells/cue-rules";
import { type SplitScore, scoreMessages } from "./score";

/**
 * A fresh set: whole seller messages written outside the corpus by a hand that had not read the
 * rules, the lexicons, the corpus or the model's errors, labelled per message. Eval-only: no
 * training or threshold code reads eval/tells/fresh/, and nothing is tuned on its errors.
 */
export const FRESH_LANGS = ["en", "hi-Latn", "hi-Deva", "mixed"] as const;

/**
 * The writer's grades. "poor" is in the labelling rules handed to the writer but not in the
 * engine's grades, so the set keeps it as written rather than mapping it to a neighbour.
 */
export const FRESH_GRADES = ["new", "like_new", "very_good", "good", "acceptable", "poor", "junk"] as const;

export const FreshRow = z
  .object({
    id: z.string().regex(/^[a-z0-9]+-\d{3}$/),
    lang: z.enum(FRESH_LANGS),
    text: z.string().min(1),
    signals: z.array(z.enum(VERBAL_SIGNALS)),
    condition_label: z.enum(FRESH_GRADES).nullable(),
    note: z.string().min(1).optional(),
  })
  .strict()
  .refine((r) => new Set(r.signals).size === r.signals.length, { message: "a signal is listed twice" })
  .refine((r) => r.signals.includes("condition") === (r.condition_label !== null), {
    message: "condition is a signal exactly when condition_label is set",
  });
export type FreshRow = z.infer<typeof FreshRow>;

export function freshSetPath(name: string): string {
  return fileURLToPath(new URL(`./fresh/${name}.jsonl`, import.meta.url));
}

/** Every untouched set on disk (eval/tells/fresh/untouched*.jsonl), by name, in name order. */
export function freshSetNames(dir: string = fileURLToPath(new URL("./fresh/", import.meta.url))): string[] {
  return readdirSync(dir)
    .filter((f) => /^untouched\d+\.jsonl$/.test(f))
    .map((f) => f.slice(0, -".jsonl".length))
    .sort();
}

export interface FreshSet {
  name: string;
  rows: FreshRow[];
  /** Content hash of the file, so a figure names the exact set it was measured on. */
  sha256: string;
}

/** Parse a fresh set; a bad line or a repeated id fails loudly with its line number. */
export function loadFreshSet(name: string, path: string = freshSetPath(name)): FreshSet {
  const raw = readFileSync(path, "utf8");
  const rows: FreshRow[] = [];
  const ids = new Set<string>();
  raw.split("\n").forEach((line, i) => {
    if (line.trim() === "") return;
    const parsed = FreshRow.safeParse(JSON.parse(line));
    if (!parsed.success) throw new Error(`${name}.jsonl line ${i + 1}: ${parsed.error.message}`);
    if (ids.has(parsed.data.id))
      throw new Error(`${name}.jsonl line ${i + 1}: id ${parsed.data.id} repeated`);
    ids.add(parsed.data.id);
    rows.push(parsed.data);
  });
  return { name, rows, sha256: `sha256:${createHash("sha256").update(raw).digest("hex")}` };
}

/**
 * Several sets read as one: their rows concatenated (an id repeated across sets fails loudly) and
 * a hash over the member hashes, so a pooled figure names exactly the files it pools.
 */
export function poolFreshSets(name: string, sets: readonly FreshSet[]): FreshSet {
  const seen = new Map<string, string>();
  for (const set of sets)
    for (const row of set.rows) {
      const other = seen.get(row.id);
      if (other !== undefined) throw new Error(`id ${row.id} is in both ${other} and ${set.name}`);
      seen.set(row.id, set.name);
    }
  const hash = createHash("sha256");
  for (const set of sets) hash.update(`${set.name} ${set.sha256}\n`);
  return { name, rows: sets.flatMap((s) => s.rows), sha256: `sha256:${hash.digest("hex")}` };
}

/** What a reader says about one message: its spans' signals and its worst condition grade. */
export interface MessageReading {
  spans: readonly { signal: VerbalSignal }[];
  condition: { label: string } | null;
}

export interface FreshScore {
  rows: number;
  overall: SplitScore;
  per_language: Map<FreshRow["lang"], { rows: number; score: SplitScore }>;
  /** Messages where both the set and the reader name a grade, and how many of those agree. */
  condition_grade: { both: number; agree: number };
}

/** Message-level scores of a reader on a fresh set (score.ts does the counting). */
export function scoreFreshSet(rows: readonly FreshRow[], read: (text: string) => MessageReading): FreshScore {
  const items = rows.map((row) => ({ row, reading: read(row.text) }));
  const score = (its: typeof items): SplitScore =>
    scoreMessages(
      its.map(({ row, reading }) => ({
        predicted: reading.spans,
        gold: row.signals.map((signal) => ({ signal })),
      })),
    );
  const per_language = new Map<FreshRow["lang"], { rows: number; score: SplitScore }>();
  for (const lang of FRESH_LANGS) {
    const mine = items.filter((it) => it.row.lang === lang);
    if (mine.length > 0) per_language.set(lang, { rows: mine.length, score: score(mine) });
  }
  let both = 0;
  let agree = 0;
  for (const { row, reading } of items) {
    if (row.condition_label === null || reading.condition === null) continue;
    both++;
    if (reading.condition.label === row.condition_label) agree++;
  }
  return { rows: rows.length, overall: score(items), per_language, condition_grade: { both, agree } };
}
