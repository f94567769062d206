import { GROUP_HEAD_NAMES } from "./group-heads";
import { headTable, rowIndex } from "./sparse-heads";
import type { GroupHeadWeights } from "./tells-model";
import type { FeatureList } from "./text-features";

/** How a tells-model/6 file's group heads (group-heads.ts) read a message. */

const GROUPS = GROUP_HEAD_NAMES.length;
if (GROUPS !== 5) throw new Error("group-head-reader.ts unrolls the group heads' loop over five heads");

/** Group heads of the groups this reader knows, with one entry per head and per feature in every list. */
export function groupHeadsFit(g: GroupHeadWeights): boolean {
  const n = g.features.length;
  return (
    g.heads.join() === GROUP_HEAD_NAMES.join() &&
    g.bias.length === g.heads.length &&
    g.scale.length === g.heads.length &&
    g.weights.length === g.heads.length &&
    g.weights.every((w) => w.length === n) &&
    n < 0x7fff
  );
}

const sigmoid = (x: number): number => 1 / (1 + Math.exp(-x));

/**
 * The group heads as lookup tables, and their reading of a message's features: per head, noisy-or
 * over the clauses of sigmoid(bias + scale · Σ value · weight).
 */
export interface GroupHeadReader {
  /**
   * Per head, its message probability; `start` (tells-model/9) holds each clause's sums so far
   * (clause-major, GROUPS per clause), from its words' own features.
   */
  read(f: FeatureList, clauses: number, start?: Float64Array): number[];
  /** Adds x times the bucket's weights (when it has a row) to out[at … at + GROUPS − 1]. */
  add(bucket: number, x: number, out: Float64Array, at: number): void;
}

export function groupHeadReader(g: GroupHeadWeights): GroupHeadReader {
  const heads = GROUPS;
  const rowOf = rowIndex(g.features);
  const table = headTable(g.weights, 0, heads, g.features.length);
  // One scratch buffer, grown on demand, as the main heads' reader keeps.
  let scratch = new Float64Array(64 * heads);
  return {
    read(f, clauses, start) {
      if (scratch.length < clauses * heads) scratch = new Float64Array(clauses * heads * 2);
      const score = scratch;
      if (start === undefined) score.fill(0, 0, clauses * heads);
      else score.set(start.subarray(0, clauses * heads));
      const { buckets, values, from, clauseOf } = f;
      for (let k = 0; k < buckets.length; k++) {
        const row = rowOf[buckets[k] as number] as number;
        if (row < 0) continue;
        const at = (clauseOf[from[k] as number] as number) * GROUPS;
        const base = row * GROUPS;
        const x = values[k] as number;
        // Unrolled over the five group heads, as the main heads' loop is.
        score[at] = (score[at] as number) + x * (table[base] as number);
        score[at + 1] = (score[at + 1] as number) + x * (table[base + 1] as number);
        score[at + 2] = (score[at + 2] as number) + x * (table[base + 2] as number);
        score[at + 3] = (score[at + 3] as number) + x * (table[base + 3] as number);
        score[at + 4] = (score[at + 4] as number) + x * (table[base + 4] as number);
      }
      const out: number[] = [];
      for (let h = 0; h < heads; h++) {
        let none = 1;
        for (let c = 0; c < clauses; c++)
          none *=
            1 - sigmoid((g.bias[h] as number) + (g.scale[h] as number) * (score[c * heads + h] as number));
        out.push(1 - none);
      }
      return out;
    },
    add(bucket, x, out, at) {
      const row = rowOf[bucket] as number;
      if (row < 0) return;
      for (let h = 0; h < GROUPS; h++)
        out[at + h] = (out[at + h] as number) + x * (table[row * GROUPS + h] as number);
    },
  };
}
