import { CUE_RULES, compileRule, VERBAL_SIGNALS, type VerbalSignal } from "./cue-rules";
import type { ConditionLabel } from "./tell-observation";

export type { VerbalSignal } from "./cue-rules";

/**
 * One cue found in a seller message. `start`/`end` are UTF-16 code-unit offsets
 * (plain JS string indices, `[start, end)`), so `message.slice(start, end) === text`.
 * For BMP text — Latin, ₹, Devanagari — they equal code-point offsets.
 */
export interface CueSpan {
  start: number;
  end: number;
  text: string;
  signal: VerbalSignal;
  score: number;
  explanation: string;
  conditionLabel?: ConditionLabel;
}

export interface VerbalReading {
  /** Every match of every cue (overlaps kept), sorted by (start, end, signal). */
  spans: CueSpan[];
  /** Per-signal maximum score, except condition: the minimum (worst disclosure wins, D29). */
  aggregate: Partial<Record<VerbalSignal, number>>;
  /** The worst condition disclosure, or null when the message says nothing about condition. */
  condition: { label: ConditionLabel; score: number; depreciation: number } | null;
}

/** Depreciation implied by each grade (REFERENCE §6.5 table). */
export const CONDITION_DEPRECIATION: Readonly<Record<ConditionLabel, number>> = {
  new: 0,
  like_new: 0.1,
  very_good: 0.25,
  good: 0.4,
  acceptable: 0.6,
  junk: 0.9,
  unknown: 0,
};

/** How far each grade is from "new": the worse disclosure wins when a message names several. */
export const CONDITION_LABEL_RANK: Readonly<Record<ConditionLabel, number>> = {
  new: 0,
  like_new: 1,
  very_good: 2,
  good: 3,
  acceptable: 4,
  junk: 5,
  unknown: -1,
};

const SIGNAL_RANK: Readonly<Record<VerbalSignal, number>> = Object.fromEntries(
  VERBAL_SIGNALS.map((s, i) => [s, i]),
) as Record<VerbalSignal, number>;

interface CompiledRule {
  re: RegExp;
  signal: VerbalSignal;
  score: number;
  explanation: string;
  label: ConditionLabel | undefined;
}

const RULES: readonly CompiledRule[] = CUE_RULES.map((spec) => ({
  re: compileRule(spec),
  signal: spec.signal,
  score: spec.score,
  explanation: spec.explanation,
  label: spec.label,
}));

/**
 * One regex per signal: the alternation of all its rules, under the same word boundaries. With
 * backtracking it matches somewhere exactly when one of the signal's rules does, so it is a
 * lossless gate: a signal's rules run only on messages its gate matched. Most messages carry
 * one signal or none, and one gate costs about what two rules do.
 */
const GATES: readonly RegExp[] = VERBAL_SIGNALS.map((signal) => {
  const own = CUE_RULES.filter((spec) => spec.signal === signal);
  return compileRule({
    ...(own[0] as (typeof CUE_RULES)[number]),
    pattern: own.map((spec) => `(?:${spec.pattern})`).join("|"),
  });
});

function bySpanOrder(a: CueSpan, b: CueSpan): number {
  return (
    a.start - b.start || a.end - b.end || SIGNAL_RANK[a.signal] - SIGNAL_RANK[b.signal] || b.score - a.score
  );
}

/**
 * Every match of every cue rule, sorted by (start, end, signal). Pure; patterns are compiled at
 * module load. With `only`, the rules of the other signals are not run at all: the model path
 * asks only for the signals it has not ruled out, which is most of its saving.
 */
export function matchCueRules(message: string, only?: (signal: VerbalSignal) => boolean): CueSpan[] {
  const spans: CueSpan[] = [];
  const open = VERBAL_SIGNALS.map((signal, s) => {
    if (only !== undefined && !only(signal)) return false;
    const gate = GATES[s] as RegExp;
    gate.lastIndex = 0;
    return gate.test(message);
  });
  for (const rule of RULES) {
    if (!open[SIGNAL_RANK[rule.signal]]) continue;
    const re = rule.re;
    re.lastIndex = 0;
    let m = re.exec(message);
    while (m !== null) {
      const span: CueSpan = {
        start: m.index,
        end: m.index + m[0].length,
        text: m[0],
        signal: rule.signal,
        score: rule.score,
        explanation: rule.explanation,
      };
      if (rule.label !== undefined) span.conditionLabel = rule.label;
      spans.push(span);
      m = re.exec(message);
    }
  }
  return spans.sort(bySpanOrder);
}

/** Deterministic keyword cues for one seller message. */
export function readCues(message: string): VerbalReading {
  return summariseSpans(matchCueRules(message));
}

/** Aggregate and condition of a span list (any extractor's), spans re-sorted into reading order. */
export function summariseSpans(list: CueSpan[]): VerbalReading {
  const spans = list.sort(bySpanOrder);
  const aggregate: Partial<Record<VerbalSignal, number>> = {};
  let worst: CueSpan | null = null;
  for (const s of spans) {
    const prev = aggregate[s.signal];
    if (s.signal === "condition") {
      aggregate.condition = prev === undefined ? s.score : Math.min(prev, s.score);
      if (isWorse(s, worst)) worst = s;
    } else if (prev === undefined || s.score > prev) {
      aggregate[s.signal] = s.score;
    }
  }
  const label = worst?.conditionLabel ?? "unknown";
  const condition =
    worst === null ? null : { label, score: worst.score, depreciation: CONDITION_DEPRECIATION[label] };
  return { spans, aggregate, condition };
}

// Lower score is worse; on a tie the grade further from "new" is worse.
function isWorse(s: CueSpan, than: CueSpan | null): boolean {
  if (than === null) return true;
  if (s.score !== than.score) return s.score < than.score;
  return (
    CONDITION_LABEL_RANK[s.conditionLabel ?? "unknown"] >
    CONDITION_LABEL_RANK[than.conditionLabel ?? "unknown"]
  );
}

/**
 * The highlighting view: a subset of `spans` in which no two spans share a character.
 * Spans are taken greedily by priority — higher score first; on a score tie the longer
 * span, then the earlier start, then signal order (urgency, deception, confidence,
 * sympathy, condition). A span that overlaps an already-taken one is dropped whole.
 * Then a signal left with no span at all (its words lie under another signal's) gets its
 * best span back, trimmed to the longest stretch no taken span covers, when that stretch
 * holds a letter or digit: a reader that lists the signals of a message from the spans
 * must see every signal the reading found, and only trimming lets a signal whose words
 * overlap another's stay visible. Output is sorted by start.
 */
export function exclusiveSpans(spans: CueSpan[]): CueSpan[] {
  const ranked = [...spans].sort(
    (a, b) =>
      b.score - a.score ||
      b.end - b.start - (a.end - a.start) ||
      a.start - b.start ||
      SIGNAL_RANK[a.signal] - SIGNAL_RANK[b.signal],
  );
  const taken: CueSpan[] = [];
  for (const s of ranked) {
    if (taken.every((t) => s.end <= t.start || s.start >= t.end)) taken.push(s);
  }
  for (const s of ranked) {
    if (taken.some((t) => t.signal === s.signal)) continue;
    const trimmed = uncoveredPart(s, taken);
    if (trimmed !== null) taken.push(trimmed);
  }
  return taken.sort(bySpanOrder);
}

/** A word character of any script: what makes a trimmed stretch worth underlining. */
const WORDISH = /[\p{L}\p{N}]/u;
const EDGE = /[\s\p{P}\p{S}]/u;

/** `s` cut to its longest stretch outside every taken span, edges trimmed of spaces and punctuation. */
function uncoveredPart(s: CueSpan, taken: readonly CueSpan[]): CueSpan | null {
  let best: [number, number] | null = null;
  let from = s.start;
  const cuts = taken.filter((t) => t.start < s.end && t.end > s.start).sort((a, b) => a.start - b.start);
  for (const t of [...cuts, null]) {
    const to = t === null ? s.end : Math.max(from, t.start);
    if (to > from && (best === null || to - from > best[1] - best[0])) best = [from, to];
    if (t !== null) from = Math.max(from, t.end);
  }
  if (best === null) return null;
  let [a, b] = best;
  const at = (i: number) => s.text.charAt(i - s.start);
  while (a < b && EDGE.test(at(a))) a++;
  while (b > a && EDGE.test(at(b - 1))) b--;
  const text = s.text.slice(a - s.start, b - s.start);
  return WORDISH.test(text) ? { ...s, start: a, end: b, text } : null;
}
