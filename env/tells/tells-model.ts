import { type BagNetworkWeights, bagNetworkReader } from "./bag-network";
import { VERBAL_SIGNALS, type VerbalSignal } from "./cue-rules";
import { strongestWindow } from "./evidence-window";
import { featuresFor } from "./feature-sets";
import { groupHeadReader } from "./group-head-reader";
import { formatReading } from "./model-format";
import type { SignalCombiner } from "./signal-combiner";
import { headTable, rowIndex } from "./sparse-heads";
import type { ConditionLabel } from "./tell-observation";
import type { Token } from "./text-features";
import { wordSums } from "./word-sums";

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
 * Format tells-model/3 adds `feature_set` (feature-sets.ts); a tells-model/2 file reads with
 * tells-features/3, the set it was trained on. Format tells-model/4 adds `clause_pooling`; format
 * tells-model/5 adds `combiner` (signal-combiner.ts); format tells-model/6 adds `group_heads`
 * (group-heads.ts), read by its combiner; format tells-model/7 adds the combiner's `hidden`
 * layers (combiner-hidden.ts); format tells-model/8 adds the message `network` (bag-network.ts);
 * format tells-model/9 is /8 read with each distinct word's own features summed once (word-sums.ts).
 */
export interface TellsModelWeights {
  format:
    | "tells-model/2"
    | "tells-model/3"
    | "tells-model/4"
    | "tells-model/5"
    | "tells-model/6"
    | "tells-model/7"
    | "tells-model/8"
    | "tells-model/9";
  version: string;
  /** The feature set the weights were trained on (tells-model/3 and /4). */
  feature_set?: string;
  /**
   * How clause probabilities make a message's (tells-model/4 only): "noisy-or", the chance that
   * at least one clause carries the signal. Earlier formats take the strongest clause's.
   */
  clause_pooling?: "noisy-or";
  /**
   * How the model path decides which signals a message carries (tells-model/5 only): from every
   * signal's reading and rule match together. Earlier formats: `thresholds` and `rule_veto`,
   * each signal on its own.
   */
  combiner?: SignalCombiner;
  /** The second model's heads (tells-model/6 and /7): one per group of group-heads.ts, sparse and int8 like the main heads. */
  group_heads?: GroupHeadWeights;
  /** The message network (tells-model/8 on), its rows aligned with `features`. */
  network?: BagNetworkWeights;
  feature_bits: number;
  heads: string[];
  bias: number[];
  scale: number[];
  /** Decision threshold on each signal head's probability. */
  thresholds: number[];
  /** Per signal: below this probability the model overrules a rule match of the signal (model-cues.ts). */
  rule_veto: number[];
  features: number[];
  /** Per head, aligned with `features`. */
  weights: number[][];
  /** sha256 of the file's other fields, written by the trainer and checked by a test. */
  content_hash: string;
}

/** Heads of a second linear model over the same features, stored as the main heads are. */
export interface GroupHeadWeights {
  heads: string[];
  bias: number[];
  scale: number[];
  features: number[];
  /** Per head, aligned with `features`. */
  weights: number[][];
}

export interface Evidence {
  start: number;
  end: number;
}

export interface ModelReading {
  probability: Record<VerbalSignal, number>;
  /** The probability of the signal's strongest clause (equal to `probability` without noisy-or pooling). */
  strongest: Record<VerbalSignal, number>;
  /** Signals whose probability clears the head's threshold. */
  fired: Record<VerbalSignal, boolean>;
  /** Most likely grade in the strongest condition clause (computed on demand), meaningful when condition fired. */
  grade(): ConditionGrade;
  /** The token window (≤ 4 words) of the signal's strongest clause that pushed hardest towards it; null when none did. */
  evidence(signal: VerbalSignal): Evidence | null;
  /**
   * The share of the message's feature mass (its features' values) that has a row in the model:
   * low for a voice unlike any the model was trained on (0 for a message with no features).
   */
  coverage: number;
  /** How many clauses the message was read in (at least 1). */
  clauses: number;
  /**
   * Per signal, the part of its strongest clause's logit that the concept features (the
   * lexicon's words and pairs) contribute, the bias left out; 0 under a feature set without
   * concept slots (tells-features/3), whose concepts hash among the n-grams.
   */
  conceptLogit: Record<VerbalSignal, number>;
  /**
   * Per group head of a tells-model/6 file (group-heads.ts order), the message probability under
   * noisy-or pooling of its clauses; empty for earlier formats.
   */
  groups: readonly number[];
  /** Per signal, the message network's probability (tells-model/8; empty for earlier formats). */
  network: readonly number[];
}

export interface TellsModel {
  version: string;
  contentHash: string;
  /** Per signal, in VERBAL_SIGNALS order. */
  ruleVeto: readonly number[];
  /** Per signal decision thresholds (as in the file), in VERBAL_SIGNALS order. */
  thresholds: readonly number[];
  /** The message-level decision of a tells-model/5 file; absent before. */
  combiner: SignalCombiner | undefined;
  read(text: string): ModelReading;
}

const SIGNALS = VERBAL_SIGNALS.length;
const CONDITION = VERBAL_SIGNALS.indexOf("condition");
if (SIGNALS !== 5) throw new Error("tells-model.ts unrolls its scoring loop over five signals");

/** Decode the sparse file into a bucket → row table; every later read is array lookups only. */
export function loadTellsModel(w: TellsModelWeights): TellsModel {
  const { wordSums: summed } = formatReading(w);
  const features = featuresFor(w.feature_set ?? "tells-features/3");
  /**
   * A clause can carry condition only if one of its words is about an item's state (the
   * feature set says which concepts: v4 adds usage and failure verbs): held out by family,
   * most condition false positives were clauses with no such word ("sab rang hain", "stock is
   * available") that looked like some family's condition template in n-grams alone. The other
   * signals are open-ended enough (a deadline, a hardship idiom) that no gate is used.
   * From tells-features/8 on there is no gate for condition either: with 117 families the
   * learner keeps those false positives down itself, and the gate had become the largest
   * source of condition misses ("andar se toot gaya hai", "still shrink-wrapped", "the colour
   * has run"): +0.005 macro F1 held out without it (docs/tells.md, "Thirteenth pass").
   */
  const licence: readonly number[] = VERBAL_SIGNALS.map((s) =>
    s === "condition" && features.set.conditionLicence !== undefined
      ? features.concepts.mask(features.set.conditionLicence)
      : -1,
  );
  const heads = w.heads.length;
  if (heads !== SIGNALS + CONDITION_GRADES.length)
    throw new Error(`tells model ${w.version}: ${heads} heads`);
  // Kept as the int8 values the file stores, in two small row-major tables (signals, grades),
  // with a 16-bit bucket → row index: the whole model stays cache-sized, which is what the
  // per-message cost is bound by (a float table was several times slower under load).
  if (w.features.length >= 0x7fff) throw new Error(`tells model ${w.version}: too many features`);
  const rowOf = rowIndex(w.features);
  const GRADES = heads - SIGNALS;
  const signalTable = headTable(w.weights, 0, SIGNALS, w.features.length);
  const gradeTable = headTable(w.weights, SIGNALS, GRADES, w.features.length);
  const scale = Float64Array.from(w.scale);
  const bias = Float64Array.from(w.bias);
  const thresholds = w.thresholds;
  const noisyOr = w.clause_pooling === "noisy-or";
  const groups = w.group_heads === undefined ? undefined : groupHeadReader(w.group_heads);
  const network = w.network === undefined ? undefined : bagNetworkReader(w.network, w.features.length);
  const own = summed
    ? wordSums({
        features,
        rowOf,
        signalTable,
        signals: SIGNALS,
        gradeTable,
        grades: GRADES,
        groups,
        network,
      })
    : undefined;

  /**
   * Each clause is scored on its own (the model was trained on clauses); the strongest clause
   * holds the evidence. A message carries a signal when its strongest clause does, or (noisy-or
   * pooling) when the clauses together make it likely that one of them does: a plea or a
   * deadline said over two weak clauses counts. Only the signal heads run up front; the grade
   * and the evidence windows are computed when asked.
   */
  // One scratch buffer for clause scores, grown on demand: allocating typed arrays per message
  // was a visible share of the cost. Everything read from it is copied out before read returns.
  let scratch = new Float64Array(64 * SIGNALS);
  // The concept features' share of each clause score, kept beside it (concept-logit input).
  let conceptScratch = new Float64Array(64 * SIGNALS);
  // The rows the message hits and their values, for the network's pass over the same lookups.
  let hitRows = new Int32Array(256);
  let hitValues = new Float64Array(256);
  // Where the words' own sums start the group heads and the network (tells-model/9); a clause's
  // group sums share its signal sums' stride (five of each: group-head-reader.ts checks its five).
  let groupStart = new Float64Array(64 * SIGNALS);
  const networkStart = new Float64Array(network?.units ?? 0);
  const conceptSlots = features.set.conceptSlots ?? 0;

  function read(text: string): ModelReading {
    const f = features.extract(text, own === undefined);
    const count = f.buckets.length;
    const clauses = Math.max(f.clauses, 1);
    if (scratch.length < clauses * SIGNALS) {
      scratch = new Float64Array(clauses * SIGNALS * 2);
      conceptScratch = new Float64Array(clauses * SIGNALS * 2);
      groupStart = new Float64Array(clauses * SIGNALS * 2);
    }
    if (hitRows.length < count) {
      hitRows = new Int32Array(count * 2);
      hitValues = new Float64Array(count * 2);
    }
    let hits = 0;
    const score = scratch;
    score.fill(0, 0, clauses * SIGNALS);
    const conceptScore = conceptScratch;
    conceptScore.fill(0, 0, clauses * SIGNALS);
    let known = 0;
    let mass = 0;
    if (own !== undefined) {
      // The words' own features first, one sum per token (word-sums.ts); then the rest below.
      groupStart.fill(0, 0, clauses * SIGNALS);
      networkStart.fill(0);
      for (let i = 0; i < f.tokens.length; i++) {
        const sums = own.of((f.tokens[i] as Token).word);
        const at = (f.clauseOf[i] as number) * SIGNALS;
        for (let h = 0; h < SIGNALS; h++) score[at + h] = (score[at + h] as number) + (sums[h] as number);
        known += sums[own.known] as number;
        mass += sums[own.mass] as number;
        if (groups !== undefined)
          for (let h = 0; h < SIGNALS; h++)
            groupStart[at + h] = (groupStart[at + h] as number) + (sums[own.groups + h] as number);
        for (let u = 0; u < networkStart.length; u++)
          networkStart[u] = (networkStart[u] as number) + (sums[own.network + u] as number);
      }
    }
    for (let k = 0; k < count; k++) {
      const row = rowOf[f.buckets[k] as number] as number;
      const x = f.values[k] as number;
      mass += x;
      if (row < 0) continue;
      known += x;
      hitRows[hits] = row;
      hitValues[hits++] = x;
      const at = (f.clauseOf[f.from[k] as number] as number) * SIGNALS;
      const base = row * SIGNALS;
      // Unrolled over the five signals (VERBAL_SIGNALS order).
      score[at] = (score[at] as number) + x * (signalTable[base] as number);
      score[at + 1] = (score[at + 1] as number) + x * (signalTable[base + 1] as number);
      score[at + 2] = (score[at + 2] as number) + x * (signalTable[base + 2] as number);
      score[at + 3] = (score[at + 3] as number) + x * (signalTable[base + 3] as number);
      score[at + 4] = (score[at + 4] as number) + x * (signalTable[base + 4] as number);
      if ((f.buckets[k] as number) < conceptSlots) {
        for (let h = 0; h < SIGNALS; h++)
          conceptScore[at + h] = (conceptScore[at + h] as number) + x * (signalTable[base + h] as number);
      }
    }
    const probability = {} as Record<VerbalSignal, number>;
    const strongest = {} as Record<VerbalSignal, number>;
    const fired = {} as Record<VerbalSignal, boolean>;
    const conceptLogit = {} as Record<VerbalSignal, number>;
    for (let c = 0; c < clauses; c++) {
      for (let s = 0; s < SIGNALS; s++) {
        score[c * SIGNALS + s] =
          (bias[s] as number) + (scale[s] as number) * (score[c * SIGNALS + s] as number);
      }
    }
    const bestClause = new Int32Array(SIGNALS);
    VERBAL_SIGNALS.forEach((sig, s) => {
      const gate = licence[s] as number;
      // One pass over the clauses finds the strongest and, under noisy-or, the chance none carries it.
      let best = -1;
      let none = 1;
      for (let c = 0; c < clauses; c++) {
        if (gate !== -1 && ((f.clauseConcepts[c] ?? 0) & gate) === 0) continue;
        const z = score[c * SIGNALS + s] as number;
        if (best < 0 || z > (score[best * SIGNALS + s] as number)) best = c;
        if (noisyOr) none *= 1 - sigmoid(z);
      }
      bestClause[s] = Math.max(best, 0);
      conceptLogit[sig] = best < 0 ? 0 : (scale[s] as number) * (conceptScore[best * SIGNALS + s] as number);
      const top = best < 0 ? 0 : sigmoid(score[best * SIGNALS + s] as number);
      const p = noisyOr && best >= 0 ? 1 - none : top;
      probability[sig] = p;
      strongest[sig] = top;
      fired[sig] = p >= (thresholds[s] ?? 0.5);
    });

    const coverage = mass > 0 ? known / mass : 0;
    const summedStart = own === undefined ? undefined : groupStart;
    const groupProbability = groups === undefined ? NONE : groups.read(f, clauses, summedStart);
    const networkProbability =
      network === undefined
        ? NONE
        : network.read(hitRows, hitValues, hits, own === undefined ? undefined : networkStart);
    return {
      probability,
      strongest,
      fired,
      // Methods, not closures made per read: under tsx (keepNames) a named closure costs a
      // property definition each time it is made.
      grade(): ConditionGrade {
        const clause = bestClause[CONDITION] as number;
        const g = new Float64Array(GRADES);
        if (own !== undefined)
          for (let i = 0; i < f.tokens.length; i++) {
            if (f.clauseOf[i] !== clause) continue;
            const sums = own.of((f.tokens[i] as Token).word);
            for (let j = 0; j < GRADES; j++) g[j] = (g[j] as number) + (sums[own.grades + j] as number);
          }
        for (let k = 0; k < count; k++) {
          const row = rowOf[f.buckets[k] as number] as number;
          if (row < 0 || f.clauseOf[f.from[k] as number] !== clause) continue;
          const x = f.values[k] as number;
          for (let j = 0; j < GRADES; j++)
            g[j] = (g[j] as number) + x * (gradeTable[row * GRADES + j] as number);
        }
        for (let j = 0; j < GRADES; j++) {
          g[j] = (bias[SIGNALS + j] as number) + (scale[SIGNALS + j] as number) * (g[j] as number);
        }
        let best = 0;
        for (let j = 1; j < g.length; j++) if ((g[j] as number) > (g[best] as number)) best = j;
        return CONDITION_GRADES[best] as ConditionGrade;
      },
      evidence(signal: VerbalSignal): Evidence | null {
        const s = VERBAL_SIGNALS.indexOf(signal);
        const contrib = new Float64Array(f.tokens.length);
        if (own !== undefined)
          for (let i = 0; i < f.tokens.length; i++)
            contrib[i] = (scale[s] as number) * (own.of((f.tokens[i] as Token).word)[s] as number);
        // What a clause reads of its neighbours weighs in its reading, but is not a word of it.
        for (let k = 0; k < f.neighboursFrom; k++) {
          const row = rowOf[f.buckets[k] as number] as number;
          if (row < 0) continue;
          const v =
            (f.values[k] as number) * (scale[s] as number) * (signalTable[row * SIGNALS + s] as number);
          const a = f.from[k] as number;
          const b = f.to[k] as number;
          if (a === b) contrib[a] = (contrib[a] as number) + v;
          else {
            contrib[a] = (contrib[a] as number) + v / 2;
            contrib[b] = (contrib[b] as number) + v / 2;
          }
        }
        return strongestWindow(contrib, f.clauseOf, bestClause[s] as number, f.tokens);
      },
      coverage,
      clauses,
      conceptLogit,
      groups: groupProbability,
      network: networkProbability,
    };
  }

  return {
    version: w.version,
    contentHash: w.content_hash,
    ruleVeto: w.rule_veto,
    thresholds,
    combiner: w.combiner,
    read,
  };
}

// What a format without group heads or a network reads for them.
const NONE: readonly number[] = [];

function sigmoid(x: number): number {
  return 1 / (1 + Math.exp(-x));
}
