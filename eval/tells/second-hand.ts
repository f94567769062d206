import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Rng } from "../../env/prng";
import { VERBAL_SIGNALS, type VerbalSignal } from "../../env/tells/cue-rules";
import type { CorpusRow } from "./corpus/corpus-row";
import { SIGNAL_CODES } from "./corpus/markup";
import { type SplitScore, scoreMessages } from "./score";

/**
 * A second hand's labels for a seeded random sample of corpus rows: message-level signals
 * decided by an annotator who read only the labelling rules and the messages, never the
 * corpus's labels (docs/tells.md, "A second hand's labels"). Scored against the corpus as if
 * it were an extractor, it says how far the corpus's labels are one reader's and how high a
 * held-out figure could sensibly go.
 */
export const SECOND_HAND_FILE = fileURLToPath(new URL("./corpus/second-hand.v1.tsv", import.meta.url));

/**
 * How the sample was drawn: a seeded shuffle of the first `of` corpus rows (the 14,160 rows
 * tells-model@21 was trained on), its first `size` taken. Random rather than chosen by any
 * model's errors, so a label it finds wrong says how often labels are wrong, not where one model
 * fails.
 */
export const SECOND_HAND_SAMPLE = { seed: 20261128, of: 14_160, size: 720 } as const;

/** The ids of the sample SECOND_HAND_SAMPLE describes, in the order drawn. */
export function secondHandSampleIds(corpus: readonly CorpusRow[], o = SECOND_HAND_SAMPLE): string[] {
  if (corpus.length < o.of)
    throw new Error(`the sample is drawn from ${o.of} rows; the corpus has ${corpus.length}`);
  const rng = new Rng(o.seed);
  const order = Array.from({ length: o.of }, (_, i) => i);
  rng.shuffle(order);
  return order.slice(0, o.size).map((i) => (corpus[i] as CorpusRow).id);
}

/** One line of the file: a row id and its signals, one letter each as in the families' markup ("-": none). */
export interface SecondHandRow {
  id: string;
  signals: VerbalSignal[];
}

const HEADER = "id\tsignals";

/** Parse the file's text; a bad line fails with its line number and what is wrong. */
export function parseSecondHand(text: string, source = SECOND_HAND_FILE): SecondHandRow[] {
  const lines = text.split("\n");
  if (lines[0] !== HEADER)
    throw new Error(`${source}: the first line must be "${HEADER.replace("\t", "\\t")}"`);
  const seen = new Set<string>();
  const rows: SecondHandRow[] = [];
  lines.slice(1).forEach((line, i) => {
    if (line === "") return;
    const where = `${source} line ${i + 2}`;
    const fields = line.split("\t");
    const [id, codes] = fields;
    if (fields.length !== 2 || id === undefined || id === "" || codes === undefined)
      throw new Error(`${where}: expected "id<TAB>signals"`);
    if (seen.has(id)) throw new Error(`${where}: row ${id} is labelled twice`);
    seen.add(id);
    const signals =
      codes === "-"
        ? []
        : codes.split(",").map((c) => {
            const signal = SIGNAL_CODES[c];
            if (signal === undefined)
              throw new Error(`${where}: "${c}" is not a signal code (u, d, f, s, c, or "-" for none)`);
            return signal;
          });
    if (new Set(signals).size !== signals.length) throw new Error(`${where}: a signal is listed twice`);
    rows.push({ id, signals });
  });
  return rows;
}

export function loadSecondHand(path = SECOND_HAND_FILE): SecondHandRow[] {
  return parseSecondHand(readFileSync(path, "utf8"), path);
}

export interface Agreement {
  rows: number;
  /** The second hand scored as an extractor against the corpus's labels, message by message. */
  score: SplitScore;
  /** The rows whose signal sets differ, in file order. */
  differ: { id: string; corpus: VerbalSignal[]; second: VerbalSignal[] }[];
}

/** How far the second hand's labels agree with the corpus's (at whatever label revision `corpus` was read). */
export function agreement(second: readonly SecondHandRow[], corpus: readonly CorpusRow[]): Agreement {
  const byId = new Map(corpus.map((r) => [r.id, r]));
  const differ: Agreement["differ"] = [];
  const items = second.map((h) => {
    const row = byId.get(h.id);
    if (row === undefined) throw new Error(`second-hand row ${h.id} is not in the corpus`);
    const gold = VERBAL_SIGNALS.filter((s) => row.spans.some((x) => x.signal === s));
    const mine = VERBAL_SIGNALS.filter((s) => h.signals.includes(s));
    if (gold.join() !== mine.join()) differ.push({ id: h.id, corpus: gold, second: mine });
    return { predicted: mine.map((signal) => ({ signal })), gold: gold.map((signal) => ({ signal })) };
  });
  return { rows: second.length, score: scoreMessages(items), differ };
}
