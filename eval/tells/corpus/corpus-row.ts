import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { z } from "zod";
import { VERBAL_SIGNALS } from "../../../env/tells/cue-rules";
import { LATEST_LABELS, withLabelFixes } from "./label-fixes";

const Grade = z.enum(["new", "like_new", "very_good", "good", "acceptable", "junk"]);

/** One labelled seller utterance of the tells corpus (one JSONL line). */
export const CorpusRow = z
  .object({
    id: z.string(),
    family: z.string(),
    lang: z.enum(["en", "hi-Latn", "hi-Deva", "mixed"]),
    text: z.string().min(1),
    spans: z.array(
      z
        .object({
          start: z.number().int().min(0),
          end: z.number().int(),
          signal: z.enum(VERBAL_SIGNALS),
          label: Grade.optional(),
        })
        .strict(),
    ),
    /** The worst grade among the condition spans; null when the row says nothing about condition. */
    condition_label: Grade.nullable(),
  })
  .strict();
export type CorpusRow = z.infer<typeof CorpusRow>;

export const CORPUS_FILE = fileURLToPath(new URL("./tells-corpus.v1.jsonl", import.meta.url));

/**
 * Parse the corpus; a bad line fails loudly with its line number. Rows carry the labels of
 * revision `labels` (label-fixes.ts): the newest unless a released model's training asks for
 * the labels it was trained on.
 */
export function loadCorpus(o: { path?: string; labels?: number } = {}): CorpusRow[] {
  const path = o.path ?? CORPUS_FILE;
  const rows: CorpusRow[] = [];
  readFileSync(path, "utf8")
    .split("\n")
    .forEach((line, i) => {
      if (line.trim() === "") return;
      const parsed = CorpusRow.safeParse(JSON.parse(line));
      if (!parsed.success) throw new Error(`${path} line ${i + 1}: ${parsed.error.message}`);
      rows.push(parsed.data);
    });
  return withLabelFixes(rows, o.labels ?? LATEST_LABELS);
}
