import { VERBAL_SIGNALS } from "./cue-rules";
import { headTable } from "./sparse-heads";

/**
 * The message network of a tells-model/8 or /9 file (tells-model@24 on): one hidden layer of ReLU units
 * over the whole message's features (every clause's, values summed per bucket), and a logistic
 * output per signal, read as five more inputs of the combiner.
 *
 * The heads read a message clause by clause, each signal as a weighted sum of what a clause says;
 * a stranger's message often carries a signal only in what several words do together ("last one",
 * "kal tak", a hardship told over two clauses). Units over the pooled message learn such
 * conjunctions from the families they were trained on, and held out by family they read strangers
 * better than the clause heads do (average precision 0.902 against 0.895); given to the combiner
 * as a third view beside the heads and the group heads, +0.008 macro F1 held out
 * (docs/tells.md, "Twenty-seventh pass").
 *
 * Its rows are the main heads' rows (the file's `features`), so the heads' bucket → row lookup
 * serves both; the input weights are int8 per unit (w = q · scale), like the heads'.
 */
export interface BagNetworkWeights {
  /** Per unit, its bias. */
  bias: number[];
  /** Per unit, the scale of its int8 input weights. */
  scale: number[];
  /** Per unit, one int8 weight per row of the file's `features`. */
  weights: number[][];
  /** Per signal (VERBAL_SIGNALS order), one weight per unit. */
  out: number[][];
  /** Per signal, its output bias. */
  out_bias: number[];
}

const SIGNALS = VERBAL_SIGNALS.length;

/** A network of this shape over `rows` rows: every unit a bias, a scale and one weight per row; one output per signal. */
export function bagNetworkFits(n: BagNetworkWeights, rows: number): boolean {
  const units = n.bias.length;
  return (
    units > 0 &&
    n.scale.length === units &&
    n.weights.length === units &&
    n.weights.every((w) => w.length === rows) &&
    n.out.length === SIGNALS &&
    n.out.every((w) => w.length === units) &&
    n.out_bias.length === SIGNALS
  );
}

export interface BagNetworkReader {
  units: number;
  /**
   * Per signal, the probability the message carries it, given the rows its features hit and their
   * values, and (tells-model/9) each unit's input sum so far, from the words' own features.
   */
  read(rows: Int32Array, values: Float64Array, count: number, start?: Float64Array): number[];
  /** Adds x times row's input weights to out[at … at + units − 1] (a word's own sums, tells-model/9). */
  add(row: number, x: number, out: Float64Array, at: number): void;
}

/** The network as an int8 row-major table; a read is one pass over the message's rows. */
export function bagNetworkReader(n: BagNetworkWeights, rows: number): BagNetworkReader {
  const units = n.bias.length;
  const table = headTable(n.weights, 0, units, rows);
  const scale = Float64Array.from(n.scale);
  const bias = Float64Array.from(n.bias);
  const out = Float64Array.from(n.out.flat());
  const sum = new Float64Array(units);
  return {
    units,
    read(hit, values, count, start) {
      if (units === 8) sumEight(table, hit, values, count, sum, start);
      else {
        if (start === undefined) sum.fill(0);
        else sum.set(start.subarray(0, units));
        for (let k = 0; k < count; k++) {
          const x = values[k] as number;
          const base = (hit[k] as number) * units;
          for (let u = 0; u < units; u++) sum[u] = (sum[u] as number) + x * (table[base + u] as number);
        }
      }
      // Each unit's activation once, then every signal's output reads it.
      for (let u = 0; u < units; u++)
        sum[u] = Math.max((bias[u] as number) + (scale[u] as number) * (sum[u] as number), 0);
      const probability: number[] = [];
      for (let s = 0; s < SIGNALS; s++) {
        let z = n.out_bias[s] as number;
        for (let u = 0; u < units; u++) z += (out[s * units + u] as number) * (sum[u] as number);
        probability.push(1 / (1 + Math.exp(-z)));
      }
      return probability;
    },
    add(row, x, out, at) {
      for (let u = 0; u < units; u++)
        out[at + u] = (out[at + u] as number) + x * (table[row * units + u] as number);
    },
  };
}

/**
 * The input sums of an eight-unit network (the shipped width) in eight locals: the read runs on
 * every message, and the generic loop over a typed array costs half as much again.
 */
function sumEight(
  table: Int8Array,
  hit: Int32Array,
  values: Float64Array,
  count: number,
  sum: Float64Array,
  start: Float64Array | undefined,
): void {
  let s0 = start === undefined ? 0 : (start[0] as number);
  let s1 = start === undefined ? 0 : (start[1] as number);
  let s2 = start === undefined ? 0 : (start[2] as number);
  let s3 = start === undefined ? 0 : (start[3] as number);
  let s4 = start === undefined ? 0 : (start[4] as number);
  let s5 = start === undefined ? 0 : (start[5] as number);
  let s6 = start === undefined ? 0 : (start[6] as number);
  let s7 = start === undefined ? 0 : (start[7] as number);
  for (let k = 0; k < count; k++) {
    const x = values[k] as number;
    const b = (hit[k] as number) * 8;
    s0 += x * (table[b] as number);
    s1 += x * (table[b + 1] as number);
    s2 += x * (table[b + 2] as number);
    s3 += x * (table[b + 3] as number);
    s4 += x * (table[b + 4] as number);
    s5 += x * (table[b + 5] as number);
    s6 += x * (table[b + 6] as number);
    s7 += x * (table[b + 7] as number);
  }
  sum[0] = s0;
  sum[1] = s1;
  sum[2] = s2;
  sum[3] = s3;
  sum[4] = s4;
  sum[5] = s5;
  sum[6] = s6;
  sum[7] = s7;
}
