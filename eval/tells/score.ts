import { VERBAL_SIGNALS, type VerbalSignal } from "../../env/tells/cue-rules";

export interface LabelledSpan {
  start: number;
  end: number;
  signal: VerbalSignal;
}

export interface SignalScore {
  tp: number;
  fp: number;
  fn: number;
  precision: number;
  recall: number;
  f1: number;
}

export interface SplitScore {
  per_signal: Record<VerbalSignal, SignalScore>;
  macro_f1: number;
}

/**
 * The extractor's raw list keeps overlapping matches of different patterns (D29), e.g.
 * "teen aur log" and "aur log dekh" for one claim. For scoring, overlapping spans of the
 * same signal are one claim, so they are merged into their union before matching.
 */
export function mergeOverlapping(spans: readonly LabelledSpan[]): LabelledSpan[] {
  const out: LabelledSpan[] = [];
  for (const signal of VERBAL_SIGNALS) {
    const mine = spans.filter((s) => s.signal === signal).sort((a, b) => a.start - b.start || a.end - b.end);
    let cur: LabelledSpan | null = null;
    for (const s of mine) {
      if (cur !== null && s.start < cur.end) cur.end = Math.max(cur.end, s.end);
      else {
        if (cur !== null) out.push(cur);
        cur = { start: s.start, end: s.end, signal };
      }
    }
    if (cur !== null) out.push(cur);
  }
  return out;
}

const overlaps = (a: LabelledSpan, b: LabelledSpan): boolean => a.start < b.end && b.start < a.end;

type Counts = Record<VerbalSignal, { tp: number; fp: number; fn: number }>;

function emptyCounts(): Counts {
  const c = {} as Counts;
  for (const s of VERBAL_SIGNALS) c[s] = { tp: 0, fp: 0, fn: 0 };
  return c;
}

/** One-to-one matching: each predicted span (in text order) takes the first unmatched gold span it overlaps. */
function addMatches(counts: Counts, predicted: readonly LabelledSpan[], gold: readonly LabelledSpan[]): void {
  const used = new Set<number>();
  for (const p of predicted) {
    const i = gold.findIndex((g, j) => !used.has(j) && g.signal === p.signal && overlaps(g, p));
    if (i >= 0) {
      used.add(i);
      counts[p.signal].tp++;
    } else counts[p.signal].fp++;
  }
  gold.forEach((g, j) => {
    if (!used.has(j)) counts[g.signal].fn++;
  });
}

// A signal with nothing predicted and nothing labelled is scored perfect rather than undefined.
function ratio(num: number, den: number): number {
  return den === 0 ? 1 : num / den;
}

/** Per-signal precision/recall/F1 and their macro average over the five signals. */
export function scoreSplit(
  items: readonly { predicted: readonly LabelledSpan[]; gold: readonly LabelledSpan[] }[],
): SplitScore {
  const counts = emptyCounts();
  for (const it of items) {
    addMatches(counts, mergeOverlapping(it.predicted), mergeOverlapping(it.gold));
  }
  const per_signal = {} as Record<VerbalSignal, SignalScore>;
  let sum = 0;
  for (const s of VERBAL_SIGNALS) {
    const { tp, fp, fn } = counts[s];
    const precision = ratio(tp, tp + fp);
    const recall = ratio(tp, tp + fn);
    const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
    per_signal[s] = { tp, fp, fn, precision, recall, f1 };
    sum += f1;
  }
  return { per_signal, macro_f1: sum / VERBAL_SIGNALS.length };
}

/**
 * Message-level scoring, the way an outside set labelled per message is scored: a signal is
 * predicted when any span of it is, and counted once per message.
 */
export function scoreMessages(
  items: readonly {
    predicted: readonly { signal: VerbalSignal }[];
    gold: readonly { signal: VerbalSignal }[];
  }[],
): SplitScore {
  return scoreSplit(
    items.map((it) => ({ predicted: oneSpanPerSignal(it.predicted), gold: oneSpanPerSignal(it.gold) })),
  );
}

function oneSpanPerSignal(spans: readonly { signal: VerbalSignal }[]): LabelledSpan[] {
  return [...new Set(spans.map((s) => s.signal))].map((signal) => ({ start: 0, end: 1, signal }));
}
