import { round3 } from "../money";
import { VERBAL_SIGNALS, type VerbalSignal } from "./cue-rules";
import { combineSignals, signalEvidence } from "./signal-combiner";
import type { ConditionGrade, ModelReading, TellsModel } from "./tells-model";
import { type CueSpan, matchCueRules, summariseSpans, type VerbalReading } from "./verbal";

/**
 * Candidate levels below which the model overrules a rule match of a signal: the rule fired on
 * a word used about something else ("mera phone kharab hai" is not about the item) or in a
 * convention the corpus labels differently. Each signal's level is chosen by inner family folds
 * with its threshold (eval/tells/model/thresholds.ts) and shipped in the model file.
 */
export const RULE_VETO_CANDIDATES: readonly number[] = [0.05, 0.1, 0.2, 0.3, 0.4];

/** Score a model-found condition span carries: the grade's usual rule score (lower is worse). */
export const GRADE_SCORE: Readonly<Record<ConditionGrade, number>> = {
  new: 0.95,
  like_new: 0.85,
  very_good: 0.7,
  good: 0.5,
  acceptable: 0.35,
  junk: 0.1,
};

/**
 * Rules and the learned layer together. Rules give the explainable spans. Which signals the
 * message carries is the model's call: with a combiner (tells-model/5), every signal's
 * probability and rule match decide together and the rule spans of the signals carried stay;
 * before, a rule span stayed unless the model put its signal below that signal's veto level
 * (model.ruleVeto) and the model added the signals above its thresholds. A signal carried with
 * no rule span behind it adds one span: the word window with the strongest evidence, scored
 * with the model's probability (condition: the predicted grade's score).
 */
export function readCuesWithModel(model: TellsModel, message: string): VerbalReading {
  const m = model.read(message);
  const { spans, carried } = ruleSpansKept(model, m, message);
  for (const signal of VERBAL_SIGNALS) {
    if (!carried[signal] || spans.some((s) => s.signal === signal)) continue;
    const ev = m.evidence(signal);
    if (ev === null) continue;
    const span: CueSpan = {
      start: ev.start,
      end: ev.end,
      text: message.slice(ev.start, ev.end),
      signal,
      score: round3(m.probability[signal]),
      explanation: `learned: ${signal} (model ${model.version})`,
    };
    if (signal === "condition") {
      const grade = m.grade();
      span.conditionLabel = grade;
      span.score = GRADE_SCORE[grade];
    }
    spans.push(span);
  }
  return summariseSpans(spans);
}

/** The rule spans the model keeps, and which signals the message carries. */
function ruleSpansKept(
  model: TellsModel,
  m: ModelReading,
  message: string,
): { spans: CueSpan[]; carried: Record<VerbalSignal, boolean> } {
  const combiner = model.combiner;
  if (combiner === undefined) {
    // The model reads first: rules of a signal it vetoes would be dropped anyway, so they never run.
    const spans = matchCueRules(
      message,
      (signal) => m.probability[signal] >= (model.ruleVeto[VERBAL_SIGNALS.indexOf(signal)] ?? 0),
    );
    return { spans, carried: m.fired };
  }
  const all = matchCueRules(message);
  const decided = combineSignals(combiner, signalEvidence(m, all));
  const carried = {} as Record<VerbalSignal, boolean>;
  for (const s of VERBAL_SIGNALS) carried[s] = decided[s].carried;
  return { spans: all.filter((x) => carried[x.signal]), carried };
}
