import { VERBAL_SIGNALS, type VerbalSignal } from "./cue-rules";
import type { ConditionLabel } from "./tell-observation";
import { extractFeatures, FEATURE_BITS } from "./text-features";

export type ConditionGrade = Exclude<ConditionLabel, "unknown">;
export const CONDITION_GRADES: readonly ConditionGrade[] = [
  "new",
  "like_new",
  "very_good",
  "good",
  "acceptable",
  "junk",
];

/**
 * The shipped weights of the learned tells layer (written by `npm run train:tells`). One
 * logistic head per signal, then one per condition grade (trained on condition rows only,
 * read only when condition fires). Weights are int8-quantised per head (w = q · scale) and
 * stored sparsely: `features` lists the non-zero buckets in increasing order as deltas.
 */
export interface TellsModelWeights {
  format: "tells-model/1";
  version: string;
  feature_bits: number;
  heads: string[];
  bias: number[];
  scale: number[];
  /** Decision threshold on each signal head's probability. */
  thresholds: number[];
  features: number[];
  /** Per head, aligned with `features`. */
  weights: number[][];
  /** sha256 of the file's other fields, written by the trainer and checked by a test. */
  content_hash: string;
}

export interface Evidence {
  start: number;
  end: number;
}

export interface ModelReading {
  probability: Record<VerbalSignal, number>;
  /** Signals whose probability clears the head's threshold. */
  fired: Record<VerbalSignal, boolean>;
  /** Most likely grade, meaningful when condition fired. */
  grade: ConditionGrade;
  /** Per signal, the token window (≤ 4 words) whose weights pushed hardest towards it; null when none did. */
  evidence: Record<VerbalSignal, Evidence | null>;
}

export interface TellsModel {
  version: string;
  contentHash: string;
  read(text: string): ModelReading;
}

const SIGNALS = VERBAL_SIGNALS.length;
const MAX_WINDOW = 4;

/** Decode the sparse file into a bucket → row table; every later read is array lookups only. */
export function loadTellsModel(w: TellsModelWeights): TellsModel {
  if (w.format !== "tells-model/1" || w.feature_bits !== FEATURE_BITS) {
    throw new Error(`tells model ${w.version}: format ${w.format}/${w.feature_bits} is not readable here`);
  }
  const heads = w.heads.length;
  if (heads !== SIGNALS + CONDITION_GRADES.length)
    throw new Error(`tells model ${w.version}: ${heads} heads`);
  const rowOf = new Int32Array(1 << FEATURE_BITS).fill(-1);
  const table = new Float32Array(w.features.length * heads);
  let bucket = 0;
  w.features.forEach((delta, row) => {
    bucket += delta;
    rowOf[bucket] = row;
    for (let h = 0; h < heads; h++) table[row * heads + h] = (w.weights[h]?.[row] ?? 0) * (w.scale[h] ?? 0);
  });
  const bias = Float64Array.from(w.bias);
  const thresholds = w.thresholds;

  /**
   * Each clause is scored on its own (the model was trained on clauses); a message carries a
   * signal when its strongest clause does, and that clause holds the evidence.
   */
  function read(text: string): ModelReading {
    const f = extractFeatures(text);
    const n = f.tokens.length;
    const clauses = Math.max(f.clauses, 1);
    const score = new Float64Array(clauses * heads);
    for (let c = 0; c < clauses; c++) score.set(bias, c * heads);
    const contrib = new Float64Array(n * SIGNALS);
    for (let k = 0; k < f.buckets.length; k++) {
      const row = rowOf[f.buckets[k] as number] as number;
      if (row < 0) continue;
      const base = row * heads;
      const a = f.from[k] as number;
      const b = f.to[k] as number;
      const x = f.values[k] as number;
      const at = (f.clauseOf[a] as number) * heads;
      for (let h = 0; h < heads; h++)
        score[at + h] = (score[at + h] as number) + x * (table[base + h] as number);
      for (let s = 0; s < SIGNALS; s++) {
        const v = x * (table[base + s] as number);
        if (a === b) contrib[a * SIGNALS + s] = (contrib[a * SIGNALS + s] as number) + v;
        else {
          contrib[a * SIGNALS + s] = (contrib[a * SIGNALS + s] as number) + v / 2;
          contrib[b * SIGNALS + s] = (contrib[b * SIGNALS + s] as number) + v / 2;
        }
      }
    }
    const probability = {} as Record<VerbalSignal, number>;
    const fired = {} as Record<VerbalSignal, boolean>;
    const evidence = {} as Record<VerbalSignal, Evidence | null>;
    let conditionClause = 0;
    VERBAL_SIGNALS.forEach((sig, s) => {
      let best = 0;
      for (let c = 1; c < clauses; c++)
        if ((score[c * heads + s] as number) > (score[best * heads + s] as number)) best = c;
      const p = sigmoid(score[best * heads + s] as number);
      probability[sig] = p;
      fired[sig] = p >= (thresholds[s] ?? 0.5);
      evidence[sig] = strongestWindow(contrib, s, f.clauseOf, best, f.tokens);
      if (sig === "condition") conditionClause = best;
    });
    const at = conditionClause * heads + SIGNALS;
    let grade = 0;
    for (let g = 1; g < CONDITION_GRADES.length; g++)
      if ((score[at + g] as number) > (score[at + grade] as number)) grade = g;
    return { probability, fired, grade: CONDITION_GRADES[grade] as ConditionGrade, evidence };
  }

  return { version: w.version, contentHash: w.content_hash, read };
}

function sigmoid(x: number): number {
  return 1 / (1 + Math.exp(-x));
}

/** Within one clause, the run of at most MAX_WINDOW tokens with the largest positive summed contribution. */
function strongestWindow(
  contrib: Float64Array,
  s: number,
  clauseOf: readonly number[],
  clause: number,
  tokens: readonly { start: number; end: number }[],
): Evidence | null {
  let best = 0;
  let bestFrom = -1;
  let bestTo = -1;
  const n = tokens.length;
  for (let i = 0; i < n; i++) {
    if (clauseOf[i] !== clause) continue;
    let sum = 0;
    for (let j = i; j < n && j < i + MAX_WINDOW && clauseOf[j] === clause; j++) {
      sum += contrib[j * SIGNALS + s] as number;
      if (sum > best) {
        best = sum;
        bestFrom = i;
        bestTo = j;
      }
    }
  }
  if (bestFrom < 0) return null;
  return {
    start: (tokens[bestFrom] as { start: number }).start,
    end: (tokens[bestTo] as { end: number }).end,
  };
}
