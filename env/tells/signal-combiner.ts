import { type HiddenLayer, hiddenLogit } from "./combiner-hidden";
import { VERBAL_SIGNALS, type VerbalSignal } from "./cue-rules";
import { GROUP_HEAD_NAMES } from "./group-heads";
import type { ModelReading } from "./tells-model";

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
 *
 * Inputs "cross-signal/2" (tells-model@20) add what a stranger's message looks like to the model.
 * Its logit is trained on the voices it knows, where surface n-grams are worth more than they are
 * on a voice it has not seen; the lexicon's concepts carry across voices. A voice unlike the
 * training voices hits fewer weighted features, so its logits sit nearer the prior; a long
 * message read over many clauses reads higher under noisy-or whatever it says. The combiner is
 * fitted on inner-fold readings, every one of them a stranger's, so it learns how far to trust
 * the concepts' part of a logit and the rest, given the message's coverage and length: +0.0067
 * macro F1 held out over four fold placements (docs/tells.md, "Twenty-second pass").
 *
 * Inputs "cross-signal/3" (tells-model@22) add the group heads' readings (group-heads.ts): a
 * second model whose heads learn "any cue" and pairs of signals, so the combiner can lift a signal
 * whose own head reads a stranger too cautiously when the message plainly carries something.
 *
 * A tells-model/7 file (tells-model@23) adds, per signal, a hidden layer over the same inputs
 * whose output adds to the linear logit (combiner-hidden.ts): it weighs one reading by another.
 *
 * Inputs "cross-signal/4" (tells-model@24) add the message network's five logits (bag-network.ts),
 * the signal's own first: a third view, read over the whole message rather than clause by clause.
 */
export type CombinerInputs = "cross-signal/1" | "cross-signal/2" | "cross-signal/3" | "cross-signal/4";

/** How many inputs (weights per signal) each kind of combiner reads. */
export const COMBINER_INPUT_COUNT: Readonly<Record<CombinerInputs, number>> = {
  "cross-signal/1": 13,
  "cross-signal/2": 18,
  "cross-signal/3": 24,
  "cross-signal/4": 29,
};

export interface SignalCombiner {
  inputs: CombinerInputs;
  /** Per signal (VERBAL_SIGNALS order), one weight per input of combinerInputs. */
  weights: number[][];
  /** Per signal, the combined probability at and above which the message carries it. */
  thresholds: number[];
  /** Per signal, a hidden layer whose output adds to the linear logit (tells-model/7 only; combiner-hidden.ts). */
  hidden?: HiddenLayer[];
}

/** What the combiner reads of a message: per signal, in VERBAL_SIGNALS order. */
export interface SignalEvidence {
  /** The model's message probability (noisy-or over clauses). */
  p: readonly number[];
  /** The model's probability of the strongest clause. */
  strongest: readonly number[];
  /** Whether a rule cue of the signal matched. */
  rule: readonly boolean[];
  /** The share of the message's feature mass the model has weights for (ModelReading.coverage). */
  coverage: number;
  /** How many clauses the model read the message in (ModelReading.clauses). */
  clauses: number;
  /** Per signal, the concept features' part of its strongest clause's logit (ModelReading.conceptLogit). */
  conceptLogit: readonly number[];
  /** Per group head, its message probability (ModelReading.groups; empty before tells-model/6). */
  groups: readonly number[];
  /** Per signal, the message network's probability (ModelReading.network; empty before tells-model/8). */
  network: readonly number[];
}

/**
 * What the combiner reads of a message: the model's reading of it and the rule spans matched in
 * it. The shipped path and the combiner's fit both build their evidence here, so they cannot
 * read a message differently.
 */
export function signalEvidence(
  m: ModelReading,
  ruleSpans: readonly { signal: VerbalSignal }[],
): SignalEvidence {
  return {
    p: VERBAL_SIGNALS.map((s) => m.probability[s]),
    strongest: VERBAL_SIGNALS.map((s) => m.strongest[s]),
    rule: VERBAL_SIGNALS.map((s) => ruleSpans.some((x) => x.signal === s)),
    coverage: m.coverage,
    clauses: m.clauses,
    conceptLogit: VERBAL_SIGNALS.map((s) => m.conceptLogit[s]),
    groups: m.groups,
    network: m.network,
  };
}

// Probabilities enter as logits, clipped so that a saturated 0 or 1 stays a finite input.
const CLIP = 1e-4;
function logit(p: number): number {
  const q = Math.min(Math.max(p, CLIP), 1 - CLIP);
  return Math.log(q / (1 - q));
}

/**
 * Inputs "cross-signal/1" for signal s: a bias; the signal's message logit, strongest-clause
 * logit, rule match, and rule match × logit (a rule match counts for more when the model
 * agrees); then the other four signals' message logits and rule matches. "cross-signal/2"
 * appends the concepts' part of the signal's strongest-clause logit, the coverage, coverage × the
 * signal's message logit, ln(clauses) and ln(clauses) × that logit (each product lets the
 * combiner scale the logit by how familiar or how long the message is).
 */
export function combinerInputs(e: SignalEvidence, s: number, kind: CombinerInputs): number[] {
  // Written into a typed array, as the per-message path writes: one kind of store keeps
  // writeInputs monomorphic when a process fits and reads (the eval), which kept it a third slower.
  const out = new Float64Array(COMBINER_INPUT_COUNT[kind]);
  writeInputs(out, e.p.map(logit), networkLogits(e, kind), logit(e.strongest[s] as number), e, s, kind);
  return Array.from(out);
}

/** The network's logits, every signal's input under cross-signal/4 (a missing reading: even odds). */
function networkLogits(e: SignalEvidence, kind: CombinerInputs): readonly number[] {
  if (kind !== "cross-signal/4") return NO_LOGITS;
  const out: number[] = [];
  for (let o = 0; o < e.p.length; o++) out.push(logit(e.network[o] ?? 0.5));
  return out;
}
const NO_LOGITS: readonly number[] = [];

/** Writes signal s's inputs into out[0 …]. */
function writeInputs(
  out: Float64Array,
  z: readonly number[],
  zn: readonly number[],
  strongest: number,
  e: SignalEvidence,
  s: number,
  kind: CombinerInputs,
): void {
  const zs = z[s] as number;
  const rule = e.rule;
  const rs = rule[s] ? 1 : 0;
  out[0] = 1;
  out[1] = zs;
  out[2] = strongest;
  out[3] = rs;
  out[4] = rs === 0 ? 0 : zs;
  let n = 5;
  for (let o = 0; o < z.length; o++) if (o !== s) out[n++] = z[o] as number;
  for (let o = 0; o < rule.length; o++) if (o !== s) out[n++] = rule[o] ? 1 : 0;
  if (kind !== "cross-signal/1") {
    const length = Math.log(Math.max(e.clauses, 1));
    out[n++] = e.conceptLogit[s] as number;
    out[n++] = e.coverage;
    out[n++] = e.coverage * zs;
    out[n++] = length;
    out[n++] = length * zs;
  }
  if (kind === "cross-signal/3" || kind === "cross-signal/4") {
    // A missing reading enters as even odds (logit 0).
    const any = logit(e.groups[0] ?? 0.5);
    out[n++] = any;
    out[n++] = e.coverage * any;
    for (let h = 1; h < GROUP_HEAD_NAMES.length; h++) out[n++] = logit(e.groups[h] ?? 0.5);
  }
  if (kind === "cross-signal/4") {
    out[n++] = zn[s] as number;
    for (let o = 0; o < zn.length; o++) if (o !== s) out[n++] = zn[o] as number;
  }
}

/**
 * sigmoid(start + w · x): the combiner's probability for one signal's weights and inputs (its fit
 * uses it too); `start` is what a hidden layer adds to the logit.
 */
export function logistic(w: ArrayLike<number>, x: readonly number[], start = 0): number {
  let z = start;
  for (let j = 0; j < x.length; j++) z += (w[j] as number) * (x[j] as number);
  return 1 / (1 + Math.exp(-z));
}

/** The combined probability that a message carries signal s. */
export function combinedProbability(c: SignalCombiner, e: SignalEvidence, s: number): number {
  return probabilityOf(c, s, combinerInputs(e, s, c.inputs));
}

/** Signal s's combined probability for its inputs x: the linear logit, plus the hidden layer's where there is one. */
export function probabilityOf(c: SignalCombiner, s: number, x: readonly number[]): number {
  const layer = c.hidden?.[s];
  return logistic(c.weights[s] as readonly number[], x, layer === undefined ? 0 : hiddenLogit(layer, x));
}

/**
 * A combiner's weights as flat typed arrays, with a scratch input vector: decided on every
 * message, and the nested arrays of the file cost a third of the decision. The sums run in the
 * order probabilityOf's do, so both read every message alike to the last bit.
 */
interface FlatCombiner {
  n: number;
  linear: Float64Array;
  /** Per signal: its hidden units' input weights (unit-major) and output weights; absent without layers. */
  hidden: ({ weights: Float64Array; out: Float64Array } | undefined)[];
  x: Float64Array;
}
const FLAT = new WeakMap<SignalCombiner, FlatCombiner>();

function flat(c: SignalCombiner): FlatCombiner {
  let f = FLAT.get(c);
  if (f === undefined) {
    const n = COMBINER_INPUT_COUNT[c.inputs];
    f = {
      n,
      linear: Float64Array.from(c.weights.flat()),
      hidden: c.weights.map((_, s) => {
        const layer = c.hidden?.[s];
        return layer === undefined
          ? undefined
          : { weights: Float64Array.from(layer.weights.flat()), out: Float64Array.from(layer.out) };
      }),
      x: new Float64Array(n),
    };
    FLAT.set(c, f);
  }
  return f;
}

/** Per signal, the combined probability and whether it clears that signal's threshold. */
export function combineSignals(
  c: SignalCombiner,
  e: SignalEvidence,
): Record<VerbalSignal, { probability: number; carried: boolean }> {
  const f = flat(c);
  const { n, x, linear } = f;
  // The message logits (and the network's) are every signal's input: taken once, not once per signal.
  const z = e.p.map(logit);
  const zn = networkLogits(e, c.inputs);
  const out = {} as Record<VerbalSignal, { probability: number; carried: boolean }>;
  for (let s = 0; s < VERBAL_SIGNALS.length; s++) {
    writeInputs(x, z, zn, logit(e.strongest[s] as number), e, s, c.inputs);
    let start = 0;
    const layer = f.hidden[s];
    if (layer !== undefined) {
      const units = layer.out.length;
      for (let h = 0; h < units; h++) {
        let a = 0;
        for (let j = 0; j < n; j++) a += (layer.weights[h * n + j] as number) * (x[j] as number);
        start += (layer.out[h] as number) * Math.tanh(a);
      }
    }
    let zl = start;
    for (let j = 0; j < n; j++) zl += (linear[s * n + j] as number) * (x[j] as number);
    const probability = 1 / (1 + Math.exp(-zl));
    out[VERBAL_SIGNALS[s] as VerbalSignal] = {
      probability,
      carried: probability >= (c.thresholds[s] as number),
    };
  }
  return out;
}
