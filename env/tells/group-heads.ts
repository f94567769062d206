import type { VerbalSignal } from "./cue-rules";

/**
 * The group heads of a tells-model/6 file (tells-model@22): a second linear model over the same
 * clauses and features whose heads learn groups of signals rather than one each. Held out by
 * family, most misses are messages in which the model reads no signal at all: a stranger's cue
 * is read too cautiously more often than it is read as the wrong signal. A head for "any cue"
 * has every cue row as a positive, and a head for two signals that sellers say together has the
 * positives of both, so each reads what a stranger's words share across signals. The combiner
 * (cross-signal/3) reads their message probabilities beside the five signals' own: +0.0032
 * macro F1 held out over four fold placements (docs/tells.md, "Twenty-fourth pass").
 */
export const GROUP_HEADS: readonly { name: string; signals: readonly VerbalSignal[] }[] = [
  { name: "any", signals: ["urgency", "deception", "confidence", "sympathy", "condition"] },
  // Pressure: a claim of other buyers and a deadline are often one move.
  { name: "urgency|deception", signals: ["urgency", "deception"] },
  // The price's defence: firmness and a plea of cost often back each other.
  { name: "confidence|sympathy", signals: ["confidence", "sympathy"] },
  // The seller's situation: a hardship and the hurry it brings.
  { name: "sympathy|urgency", signals: ["sympathy", "urgency"] },
  { name: "condition", signals: ["condition"] },
];

export const GROUP_HEAD_NAMES: readonly string[] = GROUP_HEADS.map((g) => g.name);

/** Per group head, 1 when the clause carries any signal of the group (`carries` in VERBAL_SIGNALS order). */
export function groupTargets(carries: (signal: VerbalSignal) => boolean): number[] {
  return GROUP_HEADS.map((g) => (g.signals.some(carries) ? 1 : 0));
}
