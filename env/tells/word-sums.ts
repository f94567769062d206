import type { BagNetworkReader } from "./bag-network";
import type { GroupHeadReader } from "./group-head-reader";
import { GROUP_HEAD_NAMES } from "./group-heads";
import type { FeatureExtractor, WordGrams } from "./text-features";

/**
 * What one word's own features (its folded word, skeleton and character n-grams: most of a
 * message's features) add to a tells-model/9 reading, summed once per distinct word and model.
 *
 * Those features depend on the word alone and stay in its clause, so their sums are a constant
 * of the word: a reader adds one vector per token instead of a dozen rows per token. The sums
 * are the unscaled int8 dot products the heads would accumulate, in their order; added before the
 * features that reach past the word, they round differently in the last bits from a
 * tells-model/8 reading of the same weights, which is why this is a format of its own.
 */
export interface WordSums {
  /** Signal heads (5), then grade heads (6), then known mass, then mass, then group heads (5), then network units. */
  of(word: WordGrams): Float64Array;
  readonly grades: number;
  readonly known: number;
  readonly mass: number;
  readonly groups: number;
  readonly network: number;
}

export interface WordSumTables {
  features: FeatureExtractor;
  rowOf: Int16Array;
  signalTable: Int8Array;
  signals: number;
  gradeTable: Int8Array;
  grades: number;
  groups: GroupHeadReader | undefined;
  network: BagNetworkReader | undefined;
}

export function wordSums(t: WordSumTables): WordSums {
  const grades = t.signals;
  const known = grades + t.grades;
  const mass = known + 1;
  const groups = mass + 1;
  const network = groups + (t.groups === undefined ? 0 : GROUP_HEAD_NAMES.length);
  const width = network + (t.network?.units ?? 0);
  const cache = new WeakMap<WordGrams, Float64Array>();
  return {
    grades,
    known,
    mass,
    groups,
    network,
    of(word) {
      let sums = cache.get(word);
      if (sums !== undefined) return sums;
      const out = new Float64Array(width);
      t.features.ownFeatures(word, (bucket, x) => {
        out[mass] = (out[mass] as number) + x;
        t.groups?.add(bucket, x, out, groups);
        const row = t.rowOf[bucket] as number;
        if (row < 0) return;
        out[known] = (out[known] as number) + x;
        for (let h = 0; h < t.signals; h++)
          out[h] = (out[h] as number) + x * (t.signalTable[row * t.signals + h] as number);
        for (let j = 0; j < t.grades; j++)
          out[grades + j] = (out[grades + j] as number) + x * (t.gradeTable[row * t.grades + j] as number);
        t.network?.add(row, x, out, network);
      });
      sums = out;
      cache.set(word, sums);
      return sums;
    },
  };
}
