import { VERBAL_SIGNALS, type VerbalSignal } from "../../../env/tells/cue-rules";
import type { ConditionLabel } from "../../../env/tells/tell-observation";

/** A labelled span in a corpus row: `[start, end)` UTF-16 offsets into the row's text. */
export interface CorpusSpan {
  start: number;
  end: number;
  signal: VerbalSignal;
  /** Only on condition spans: the grade the phrase discloses. */
  label?: Exclude<ConditionLabel, "unknown">;
}

/** The letter of each signal in the families' markup (and in the second hand's labels, second-hand.ts). */
export const SIGNAL_CODES: Readonly<Record<string, VerbalSignal>> = {
  u: "urgency",
  d: "deception",
  f: "confidence",
  s: "sympathy",
  c: "condition",
};
const LABELS = new Set(["new", "like_new", "very_good", "good", "acceptable", "junk"]);

/**
 * The corpus is written in a light inline notation so that a writer labels a phrase where
 * it stands instead of counting offsets: `[[u:jaldi karo]]` marks urgency, `[[s,u:…]]` two
 * signals on one phrase, `[[c=good:thoda scratch hai]]` a condition with its grade.
 * Codes: u urgency, d deception, f confidence (firmness), s sympathy, c condition.
 */
export function parseMarkup(source: string): { text: string; spans: CorpusSpan[] } {
  const spans: CorpusSpan[] = [];
  let text = "";
  let i = 0;
  while (i < source.length) {
    const open = source.indexOf("[[", i);
    if (open < 0) {
      text += source.slice(i);
      break;
    }
    text += source.slice(i, open);
    const colon = source.indexOf(":", open);
    const close = source.indexOf("]]", open);
    if (colon < 0 || close < 0 || colon > close) throw new Error(`bad markup in: ${source}`);
    const head = source.slice(open + 2, colon);
    const phrase = source.slice(colon + 1, close);
    if (phrase.includes("[[")) throw new Error(`nested markup in: ${source}`);
    const start = text.length;
    text += phrase;
    for (const part of head.split(",")) {
      const [code, label] = part.split("=");
      const signal = SIGNAL_CODES[code ?? ""];
      if (signal === undefined) throw new Error(`unknown signal code "${code}" in: ${source}`);
      const span: CorpusSpan = { start, end: text.length, signal };
      if (signal === "condition") {
        if (label === undefined || !LABELS.has(label))
          throw new Error(`condition needs a grade in: ${source}`);
        span.label = label as CorpusSpan["label"];
      } else if (label !== undefined) throw new Error(`only condition takes a grade: ${source}`);
      spans.push(span);
    }
    i = close + 2;
  }
  if (text.includes("]]")) throw new Error(`stray "]]" in: ${source}`);
  return {
    text,
    spans: spans.sort(
      (a, b) => a.start - b.start || VERBAL_SIGNALS.indexOf(a.signal) - VERBAL_SIGNALS.indexOf(b.signal),
    ),
  };
}
