import { createHash } from "node:crypto";
import { Rng } from "../../../env/prng";
import { VERBAL_SIGNALS } from "../../../env/tells/cue-rules";
import { featuresFor } from "../../../env/tells/feature-sets";
import { GROUP_HEAD_NAMES, groupTargets } from "../../../env/tells/group-heads";
import {
  CONDITION_GRADES,
  type GroupHeadWeights,
  type TellsModelWeights,
} from "../../../env/tells/tells-model";
import { FEATURE_BITS, type FeatureExtractor } from "../../../env/tells/text-features";
import type { CorpusRow } from "../corpus/corpus-row";
import { fitBagNetwork, messageBags } from "./bag-network-fit";
import { DEFAULT_TRAIN, type TrainOptions } from "./train-options";

const HEADS = [...VERBAL_SIGNALS, ...CONDITION_GRADES.map((g) => `grade:${g}`)];
const SIZE = 1 << FEATURE_BITS;

interface Example {
  buckets: Int32Array;
  counts: Float64Array;
  /** Target per head; NaN where a head does not learn from this row (grades on rows without condition). */
  y: number[];
}

/** One training example per clause: a clause carries a signal when a gold span of it overlaps the clause. */
function toExamples(r: CorpusRow, features: FeatureExtractor): Example[] {
  const f = features.extract(r.text);
  const perClause = Array.from({ length: f.clauses }, () => new Map<number, number>());
  f.buckets.forEach((b, k) => {
    const m = perClause[f.clauseOf[f.from[k] as number] as number] as Map<number, number>;
    m.set(b, (m.get(b) ?? 0) + (f.values[k] as number));
  });
  return perClause.map((counts, c) => {
    const first = f.tokens[f.clauseOf.indexOf(c)] as { start: number };
    const last = f.tokens[f.clauseOf.lastIndexOf(c)] as { end: number };
    const inside = r.spans.filter((s) => s.start < last.end && first.start < s.end);
    const present = new Set(inside.map((s) => s.signal));
    const grades = inside.flatMap((s) => (s.label === undefined ? [] : [s.label]));
    const keys = [...counts.keys()].sort((a, b) => a - b);
    const y = [
      ...VERBAL_SIGNALS.map((s) => (present.has(s) ? 1 : 0)),
      ...CONDITION_GRADES.map((g) => (grades.length === 0 ? Number.NaN : grades.includes(g) ? 1 : 0)),
    ];
    return {
      buckets: Int32Array.from(keys),
      counts: Float64Array.from(keys.map((k) => counts.get(k) ?? 0)),
      y,
    };
  });
}

/**
 * The logistic heads being learned: weights and biases under AdaGrad with lazy L2, and their
 * average over the epochs of the second half (a flatter model than the last epoch's, which
 * generalises better to families it was not trained on). Both training orders share it.
 */
function adagradHeads(o: TrainOptions) {
  const heads = HEADS.length;
  const w = Array.from({ length: heads }, () => new Float64Array(SIZE));
  const g2 = Array.from({ length: heads }, () => new Float64Array(SIZE).fill(1e-8));
  const bias = new Float64Array(heads);
  const biasG2 = new Float64Array(heads).fill(1e-8);
  const avg = Array.from({ length: heads }, () => new Float64Array(SIZE));
  const avgBias = new Float64Array(heads);
  const averaged = o.epochs - Math.floor(o.epochs / 2);
  return {
    heads,
    probability(h: number, ex: Example): number {
      const wh = w[h] as Float64Array;
      let z = bias[h] as number;
      for (let k = 0; k < ex.buckets.length; k++)
        z += (wh[ex.buckets[k] as number] as number) * (ex.counts[k] as number);
      return 1 / (1 + Math.exp(-z));
    },
    /** One step on a clause for head h, given the loss gradient `err` of its logit. */
    step(h: number, ex: Example, err: number): void {
      const wh = w[h] as Float64Array;
      const gh = g2[h] as Float64Array;
      for (let k = 0; k < ex.buckets.length; k++) {
        const b = ex.buckets[k] as number;
        const grad = err * (ex.counts[k] as number) + o.l2 * (wh[b] as number);
        gh[b] = (gh[b] as number) + grad * grad;
        wh[b] = (wh[b] as number) - (o.rate * grad) / Math.sqrt(gh[b] as number);
      }
      biasG2[h] = (biasG2[h] as number) + err * err;
      bias[h] = (bias[h] as number) - (o.rate * err) / Math.sqrt(biasG2[h] as number);
    },
    /** A clause learns its own target for head h (none where the head skips it: NaN). */
    learn(h: number, ex: Example): void {
      const target = ex.y[h] as number;
      if (!Number.isNaN(target)) this.step(h, ex, this.probability(h, ex) - target);
    },
    /** Called after each epoch; the second half's weights are averaged. */
    endEpoch(epoch: number): void {
      if (epoch < o.epochs - averaged) return;
      for (let h = 0; h < heads; h++) {
        const a = avg[h] as Float64Array;
        const wh = w[h] as Float64Array;
        for (let b = 0; b < SIZE; b++) a[b] = (a[b] as number) + (wh[b] as number) / averaged;
        avgBias[h] = (avgBias[h] as number) + (bias[h] as number) / averaged;
      }
    },
    weights: (groups?: GroupHeadWeights): TellsModelWeights => quantise(avg, avgBias, o, groups),
  };
}

type Heads = ReturnType<typeof adagradHeads>;

/**
 * The epochs of one training: `count` items visited in a seeded order, reshuffled every epoch
 * (the same order for the same seed), then the averaged weights, int8-quantised.
 */
function trainEpochs(
  o: TrainOptions,
  count: number,
  visit: (m: Heads, item: number) => void,
  groups?: GroupHeadWeights,
): TellsModelWeights {
  const m = adagradHeads(o);
  const rng = new Rng(o.seed);
  const order = Array.from({ length: count }, (_, i) => i);
  for (let epoch = 0; epoch < o.epochs; epoch++) {
    rng.shuffle(order);
    for (const item of order) visit(m, item);
    m.endEpoch(epoch);
  }
  return m.weights(groups);
}

/**
 * One-vs-rest logistic regression over hashed n-grams, AdaGrad, seeded row order: the same
 * rows and options always give the same file. Weights are then int8-quantised per head.
 */
export function trainTellsModel(
  rows: readonly CorpusRow[],
  o: TrainOptions = DEFAULT_TRAIN,
): TellsModelWeights {
  const features = featuresFor(o.featureSet);
  const perRow = sharedOnly(
    rows,
    rows.map((r) => toExamples(r, features)),
    o.minFamilies,
  );
  if (o.wordSums === true && o.combiner !== "cross-signal/4")
    throw new Error("word sums are a reading of a file with a message network (cross-signal/4)");
  if (o.combiner === "cross-signal/3" || o.combiner === "cross-signal/4") {
    if (o.multiInstanceShare === undefined)
      throw new Error("group heads are trained message by message (multiInstanceShare)");
    // Only the group model's heads are kept: the file's decision (combiner, thresholds) is not its.
    const { combinerWeights: _, ...learner } = o;
    const groups = groupHeads(trainByMessage(groupRows(perRow), learner, o.multiInstanceShare));
    const heads = trainByMessage(perRow, o, o.multiInstanceShare, groups);
    return o.combiner === "cross-signal/4" ? withNetwork(heads, rows, perRow, o) : heads;
  }
  if (o.multiInstanceShare !== undefined) return trainByMessage(perRow, o, o.multiInstanceShare);
  const examples = perRow.flat();
  return trainEpochs(o, examples.length, (m, idx) => {
    const ex = examples[idx] as Example;
    for (let h = 0; h < m.heads; h++) m.learn(h, ex);
  });
}

/**
 * trainTellsModel under TrainOptions.multiInstanceShare: messages in a seeded order, each visited
 * whole. Under noisy-or pooling a message carries a signal with P = 1 − Π(1 − p_c) over the
 * clauses inside its gold spans; the log-loss gradient of a clause's logit is then
 * −(1 − P)·p_c / P, small when another clause already carries the signal. Grade heads learn
 * clause by clause, as before.
 */
function trainByMessage(
  messages: readonly Example[][],
  o: TrainOptions,
  share: number,
  groups?: GroupHeadWeights,
): TellsModelWeights {
  const signals = VERBAL_SIGNALS.length;
  return trainEpochs(
    o,
    messages.length,
    (m, idx) => {
      const clauses = messages[idx] as Example[];
      for (let h = 0; h < m.heads; h++) {
        if (h >= signals) {
          for (const ex of clauses) m.learn(h, ex);
          continue;
        }
        const inside = clauses.filter((ex) => ex.y[h] === 1);
        const p = inside.map((ex) => m.probability(h, ex));
        let none = 1;
        for (const pc of p) none *= 1 - pc;
        const pooled = Math.max(1 - none, 1e-9);
        for (const ex of clauses) if (ex.y[h] !== 1) m.step(h, ex, m.probability(h, ex));
        inside.forEach((ex, k) => {
          const pc = p[k] as number;
          m.step(h, ex, share * (-((1 - pooled) * pc) / pooled) + (1 - share) * (pc - 1));
        });
      }
    },
    groups,
  );
}

/**
 * The heads' file with its message network (format tells-model/8, or /9 read with word sums),
 * trained on the same rows and buckets over the rows the heads kept (bag-network.ts).
 */
function withNetwork(
  heads: TellsModelWeights,
  rows: readonly CorpusRow[],
  perRow: readonly Example[][],
  o: TrainOptions,
): TellsModelWeights {
  if (o.bagNetwork === undefined)
    throw new Error("a cross-signal/4 combiner reads a message network (bagNetwork)");
  // A tells-model/8 reader reads a combiner only with its hidden layers (tells-model/7 on).
  if (o.combinerWeights !== undefined && o.combinerWeights.hidden === undefined)
    throw new Error("a cross-signal/4 combiner has hidden layers (combinerHidden)");
  const gold = rows.map((r) => VERBAL_SIGNALS.map((s) => r.spans.some((x) => x.signal === s)));
  const bags = messageBags(perRow, gold, heads.features);
  const network = fitBagNetwork(bags, heads.features.length, o.bagNetwork);
  const { content_hash: _, ...body } = heads;
  const format = o.wordSums === true ? ("tells-model/9" as const) : ("tells-model/8" as const);
  const networked = { ...body, format, network };
  return { ...networked, content_hash: contentHash(networked) };
}

/**
 * The rows for the group heads (group-heads.ts): the same clauses and features, the signal heads'
 * targets replaced by the groups' (the first GROUP_HEADS.length heads), the grade heads' kept.
 */
function groupRows(messages: readonly Example[][]): Example[][] {
  const signals = VERBAL_SIGNALS.length;
  if (GROUP_HEAD_NAMES.length !== signals)
    throw new Error("the group heads are trained in the signal heads' places");
  return messages.map((clauses) =>
    clauses.map((ex) => {
      const groups = groupTargets((s) => ex.y[VERBAL_SIGNALS.indexOf(s)] === 1);
      return {
        buckets: ex.buckets,
        counts: ex.counts,
        y: ex.y.map((v, h) => (h < signals ? (groups[h] as number) : v)),
      };
    }),
  );
}

/** The group heads of a model trained on groupRows: its signal heads' rows, the grade heads dropped. */
function groupHeads(w: TellsModelWeights): GroupHeadWeights {
  const n = GROUP_HEAD_NAMES.length;
  return {
    heads: [...GROUP_HEAD_NAMES],
    bias: w.bias.slice(0, n),
    scale: w.scale.slice(0, n),
    features: w.features,
    weights: w.weights.slice(0, n),
  };
}

/** Each row's examples with the buckets fewer than `minFamilies` training families touch dropped. */
function sharedOnly(
  rows: readonly CorpusRow[],
  perRow: Example[][],
  minFamilies: number | undefined,
): Example[][] {
  if (minFamilies === undefined) return perRow;
  const seen = new Map<number, Set<string>>();
  perRow.forEach((examples, i) => {
    const family = (rows[i] as CorpusRow).family;
    for (const ex of examples)
      for (const b of ex.buckets) {
        const families = seen.get(b) ?? new Set<string>();
        families.add(family);
        seen.set(b, families);
      }
  });
  const keep = (b: number) => (seen.get(b)?.size ?? 0) >= minFamilies;
  return perRow.map((examples) =>
    examples.map((ex) => {
      const ks = [...ex.buckets.keys()].filter((k) => keep(ex.buckets[k] as number));
      return {
        buckets: Int32Array.from(ks, (k) => ex.buckets[k] as number),
        counts: Float64Array.from(ks, (k) => ex.counts[k] as number),
        y: ex.y,
      };
    }),
  );
}

const round6 = (x: number): number => Math.round(x * 1e6) / 1e6;

/** Which buckets get a row: every non-zero one, or under a cap the `maxRows` strongest. */
function keptBuckets(
  quantised: (b: number) => number[],
  maxRows: number | undefined,
): (b: number) => boolean {
  const strength = new Float64Array(SIZE);
  let nonZero = 0;
  for (let b = 0; b < SIZE; b++) {
    const q = quantised(b);
    let sum = 0;
    for (const v of q) sum += Math.abs(v);
    strength[b] = sum;
    if (sum > 0) nonZero++;
  }
  if (maxRows === undefined || nonZero <= maxRows) return (b) => (strength[b] as number) > 0;
  const order = Array.from({ length: SIZE }, (_, b) => b)
    .filter((b) => (strength[b] as number) > 0)
    .sort((a, b) => (strength[b] as number) - (strength[a] as number) || a - b);
  const keep = new Uint8Array(SIZE);
  for (const b of order.slice(0, maxRows)) keep[b] = 1;
  return (b) => keep[b] === 1;
}

function quantise(
  w: Float64Array[],
  bias: Float64Array,
  o: TrainOptions,
  groups?: GroupHeadWeights,
): TellsModelWeights {
  const scale = w.map((wh) => {
    let max = 0;
    for (const v of wh) max = Math.max(max, Math.abs(v));
    return max === 0 ? 1 : max / 127;
  });
  const quantised = (b: number): number[] =>
    w.map((wh, h) => Math.round((wh[b] as number) / (scale[h] as number)));
  const kept = keptBuckets(quantised, o.maxRows);
  const features: number[] = [];
  const weights: number[][] = w.map(() => []);
  let prev = 0;
  for (let b = 0; b < SIZE; b++) {
    if (!kept(b)) continue;
    const q = quantised(b);
    features.push(b - prev);
    prev = b;
    // -0 would serialise as 0 anyway; normalise it so the hash never depends on the sign of zero.
    q.forEach((v, h) => {
      weights[h]?.push(v === 0 ? 0 : v);
    });
  }
  const v3 = o.featureSet === "tells-features/3";
  const pooled = o.clausePooling !== undefined;
  const combined = o.combinerWeights !== undefined;
  if (combined && !pooled) throw new Error("a combiner needs noisy-or clause pooling (tells-model/5)");
  if (groups !== undefined && !pooled)
    throw new Error("group heads need noisy-or clause pooling (tells-model/6)");
  const hidden = o.combinerWeights?.hidden !== undefined;
  if (hidden && groups === undefined)
    throw new Error("a combiner's hidden layers read the group heads (tells-model/7)");
  const body: Omit<TellsModelWeights, "content_hash"> = {
    format: fileFormat(v3, hidden, groups !== undefined, combined, pooled),
    version: o.version,
    ...(v3 ? {} : { feature_set: o.featureSet }),
    ...(pooled ? { clause_pooling: o.clausePooling } : {}),
    ...(combined ? { combiner: o.combinerWeights } : {}),
    ...(groups === undefined ? {} : { group_heads: groups }),
    feature_bits: FEATURE_BITS,
    heads: HEADS,
    bias: Array.from(bias, round6),
    scale: scale.map((s) => round6(s) || 1e-6),
    thresholds: VERBAL_SIGNALS.map((_, s) => o.thresholds?.[s] ?? 0.5),
    rule_veto: VERBAL_SIGNALS.map((_, s) => o.ruleVeto?.[s] ?? 0.1),
    features,
    weights,
  };
  return { ...body, content_hash: contentHash(body) };
}

/** The oldest format that holds what the file carries (tells-model.ts reads each). */
function fileFormat(
  v3: boolean,
  hidden: boolean,
  groups: boolean,
  combined: boolean,
  pooled: boolean,
): TellsModelWeights["format"] {
  if (v3) return "tells-model/2";
  if (hidden) return "tells-model/7";
  if (groups) return "tells-model/6";
  if (combined) return "tells-model/5";
  return pooled ? "tells-model/4" : "tells-model/3";
}

/** sha256 of the canonical JSON of everything but the hash itself. */
export function contentHash(body: Omit<TellsModelWeights, "content_hash">): string {
  return `sha256:${createHash("sha256").update(JSON.stringify(body)).digest("hex")}`;
}
