import { VERBAL_SIGNALS, type VerbalSignal } from "./cue-rules";

/**
 * The message-level decision of a tells-model/5 file: which signals a message carries, read
 * from the learned layer's probabilities and the rule matches of all five signals together.
 *
 * Up to tells-model@13 each signal was decided on its own evidence (its probability against a
 * threshold, its rule match unless vetoed). Held out by family, a large share of the errors are
 * one signal mistaken for another ("yeh maal haath se nikal jayega" is scarcity, deception, not
 * a deadline): the other signals' readings say which one a message is. One small logistic
 * regression per signal over every signal's reading (inputs "cross-signal/1") is worth +0.006
 * macro F1 held out; the same regression over a signal's own reading alone is worth nothing
 * (docs/tells.md, "Sixteenth pass").
 */
export interface SignalCombiner {
  inputs: "cross-signal/1";
  /** Per signal (VERBAL_SIGNALS order), one weight per input of combinerInputs. */
  weights: number[][];
  /** Per signal, the combined probability at and above which the message carries it. */
  thresholds: number[];
}

/** What the combiner reads of a message: per signal, in VERBAL_SIGNALS order. */
export interface SignalEvidence {
  /** The model's message probability (noisy-or over clauses). */
  p: readonly number[];
  /** The model's probability of the strongest clause. */
  strongest: readonly number[];
  /** Whether a rule cue of the signal matched. */
  rule: readonly boolean[];
}

export const COMBINER_INPUTS = 13;

// Probabilities enter as logits, clipped so that a saturated 0 or 1 stays a finite input.
const CLIP = 1e-4;
function logit(p: number): number {
  const q = Math.min(Math.max(p, CLIP), 1 - CLIP);
  return Math.log(q / (1 - q));
}

/**
 * Inputs "cross-signal/1" for signal s: a bias; the signal's message logit, strongest-clause
 * logit, rule match, and rule match × logit (a rule match counts for more when the model
 * agrees); then the other four signals' message logits and rule matches.
 */
export function combinerInputs(e: SignalEvidence, s: number): number[] {
  return inputsOf(e.p.map(logit), logit(e.strongest[s] as number), e.rule, s);
}

function inputsOf(z: readonly number[], strongest: number, rule: readonly boolean[], s: number): number[] {
  const zs = z[s] as number;
  const rs = rule[s] ? 1 : 0;
  const out = [1, zs, strongest, rs, rs === 0 ? 0 : zs];
  for (let o = 0; o < z.length; o++) if (o !== s) out.push(z[o] as number);
  for (let o = 0; o < rule.length; o++) if (o !== s) out.push(rule[o] ? 1 : 0);
  return out;
}

/** sigmoid(w · x): the combiner's probability for one signal's weights and inputs (its fit uses it too). */
export function logistic(w: ArrayLike<number>, x: readonly number[]): number {
  let z = 0;
  for (let j = 0; j < x.length; j++) z += (w[j] as number) * (x[j] as number);
  return 1 / (1 + Math.exp(-z));
}

/** The combined probability that a message carries signal s. */
export function combinedProbability(c: SignalCombiner, e: SignalEvidence, s: number): number {
  return logistic(c.weights[s] as readonly number[], combinerInputs(e, s));
}

/** Per signal, the combined probability and whether it clears that signal's threshold. */
export function combineSignals(
  c: SignalCombiner,
  e: SignalEvidence,
): Record<VerbalSignal, { probability: number; carried: boolean }> {
  // The message logits are every signal's input: taken once, not once per signal.
  const z = e.p.map(logit);
  const out = {} as Record<VerbalSignal, { probability: number; carried: boolean }>;
  VERBAL_SIGNALS.forEach((signal, s) => {
    const x = inputsOf(z, logit(e.strongest[s] as number), e.rule, s);
    const probability = logistic(c.weights[s] as readonly number[], x);
    out[signal] = { probability, carried: probability >= (c.thresholds[s] as number) };
  });
  return out;
}
