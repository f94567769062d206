import { FEATURE_BITS } from "./text-features";

/**
 * How a tells model file's sparse heads become lookup tables: a bucket → row index and int8
 * row-major tables, so every read is array lookups only and the whole model stays cache-sized.
 */

/** Bucket → row of a sparse file's `features` (deltas of increasing buckets); -1 where it has none. */
export function rowIndex(features: readonly number[]): Int16Array {
  const rowOf = new Int16Array(1 << FEATURE_BITS).fill(-1);
  let bucket = 0;
  features.forEach((delta, row) => {
    bucket += delta;
    rowOf[bucket] = row;
  });
  return rowOf;
}

/** Heads first … first + count − 1 of `weights` as one row-major int8 table of `rows` rows. */
export function headTable(
  weights: readonly number[][],
  first: number,
  count: number,
  rows: number,
): Int8Array {
  const table = new Int8Array(rows * count);
  for (let row = 0; row < rows; row++)
    for (let h = 0; h < count; h++) table[row * count + h] = weights[first + h]?.[row] ?? 0;
  return table;
}
