import { Rng } from "../../../env/prng";
import { CONDITION_LABEL_RANK } from "../../../env/tells/verbal";
import type { CorpusRow } from "./corpus-row";
import type { Family } from "./family";
import { parseMarkup } from "./markup";

/** The seed the committed corpus was generated with. */
export const CORPUS_SEED = 12;

export function corpusJsonl(rows: readonly CorpusRow[]): string {
  return `${rows.map((r) => JSON.stringify(r)).join("\n")}\n`;
}

/** Per family: how many rows each cue template yields, and negatives per positive. */
const ROWS_PER_CUE = 4;
const NEGATIVE_SHARE = 0.62;

function fillSlots(template: string, f: Family, rng: Rng): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const options = f.slots[name];
    if (options === undefined) throw new Error(`family ${f.id}: no slot "${name}" for: ${template}`);
    return rng.pick(options);
  });
}

const VOWEL_IN_WORD = /(?<=[a-z])[aeiou](?=[a-z])/;

/** Chat typing noise (dropped vowels, a doubled last letter) on the text, never on markup heads. */
function typeNoisily(source: string, rng: Rng): string {
  return source
    .split(/(\[\[[^:\]]*:|\]\])/)
    .map((part, i) =>
      i % 2 === 1
        ? part
        : part.replace(/[A-Za-z]{4,}/g, (w) => {
            const r = rng.next();
            if (r < 0.15) return w.replace(VOWEL_IN_WORD, "");
            if (r < 0.2) return w + w.slice(-1);
            return w;
          }),
    )
    .join("");
}

function compose(parts: readonly string[], f: Family, rng: Rng): string {
  let out = parts[0] ?? "";
  for (let i = 1; i < parts.length; i++) out += rng.pick(f.joins) + parts[i];
  return out;
}

function maybe(rng: Rng, p: number): boolean {
  return rng.next() < p;
}

function rowsOf(f: Family, rng: Rng): string[] {
  const out: string[] = [];
  const positives = f.cues.length * ROWS_PER_CUE;
  for (let i = 0; i < positives; i++) {
    // Every template is used once before any is drawn at random.
    const cue = i < f.cues.length ? (f.cues[i] as string) : rng.pick(f.cues);
    const parts = [cue];
    const second = rng.pick(f.cues);
    if (second !== cue && maybe(rng, 0.2)) parts.push(second);
    if (maybe(rng, 0.15)) parts.push(rng.pick(f.negatives));
    if (maybe(rng, 0.3)) parts.unshift(rng.pick(f.fillers));
    if (maybe(rng, 0.25)) parts.push(rng.pick(f.fillers));
    out.push(compose(parts, f, rng));
  }
  const negatives = Math.round(positives * NEGATIVE_SHARE);
  for (let i = 0; i < negatives; i++) {
    const neg = i < f.negatives.length ? (f.negatives[i] as string) : rng.pick(f.negatives);
    const parts = [neg];
    if (maybe(rng, 0.2)) parts.push(rng.pick(f.negatives));
    if (maybe(rng, 0.3)) parts.unshift(rng.pick(f.fillers));
    if (maybe(rng, 0.2)) parts.push(rng.pick(f.fillers));
    out.push(compose(parts, f, rng));
  }
  return out.map((s) => {
    const filled = fillSlots(s, f, rng);
    return f.typos === true ? typeNoisily(filled, rng) : filled;
  });
}

/** The worst grade named on a row (furthest from "new"), as the episode's condition reading does. */
export function worstGrade(spans: CorpusRow["spans"]): CorpusRow["condition_label"] {
  let worst: CorpusRow["condition_label"] = null;
  for (const s of spans) {
    if (s.label === undefined) continue;
    if (worst === null || CONDITION_LABEL_RANK[s.label] > CONDITION_LABEL_RANK[worst]) worst = s.label;
  }
  return worst;
}

/** Hand-written rows go in verbatim; generated ones are deduplicated by text within the corpus. */
export function generateCorpus(
  families: readonly Family[],
  handWritten: readonly { family: string; lang: CorpusRow["lang"]; lines: readonly string[] }[],
  seed: number,
): CorpusRow[] {
  const rows: CorpusRow[] = [];
  const seen = new Set<string>();
  const add = (family: string, lang: CorpusRow["lang"], source: string): void => {
    const { text, spans } = parseMarkup(source);
    const key = text.trim().toLowerCase();
    if (key === "" || seen.has(key)) return;
    seen.add(key);
    rows.push({
      id: `${family}-${String(rows.filter((r) => r.family === family).length + 1).padStart(4, "0")}`,
      family,
      lang,
      text,
      spans,
      condition_label: worstGrade(spans),
    });
  };
  families.forEach((f, k) => {
    const rng = new Rng(seed * 1000 + k);
    for (const source of rowsOf(f, rng)) add(f.id, f.lang, source);
  });
  for (const h of handWritten) for (const line of h.lines) add(h.family, h.lang, line);
  return rows;
}
