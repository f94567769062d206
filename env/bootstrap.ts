import { Rng } from "./prng";

/**
 * Percentile bootstrap of the mean with the project's seeded generator, so a CI is a pure
 * function of (values, seed): re-running an eval reproduces it exactly.
 */
export const BOOTSTRAP_RESAMPLES = 2000;
export const CI_LEVEL = 0.95;

export interface CiOptions {
  seed: number;
  resamples?: number;
  level?: number;
}

export function mean(values: readonly number[]): number {
  if (values.length === 0) return 0;
  let s = 0;
  for (const v of values) s += v;
  return s / values.length;
}

/** [lo, hi] of the bootstrap distribution of the mean; [m, m] for fewer than two values. */
export function bootstrapCi(values: readonly number[], o: CiOptions): [number, number] {
  const n = values.length;
  if (n === 0) return [0, 0];
  if (n === 1) return [values[0] as number, values[0] as number];
  const resamples = o.resamples ?? BOOTSTRAP_RESAMPLES;
  const level = o.level ?? CI_LEVEL;
  const rng = new Rng(o.seed);
  const means = new Float64Array(resamples);
  for (let r = 0; r < resamples; r++) {
    let s = 0;
    for (let i = 0; i < n; i++) s += values[rng.int(n)] as number;
    means[r] = s / n;
  }
  means.sort();
  const alpha = (1 - level) / 2;
  const at = (q: number): number =>
    means[Math.min(resamples - 1, Math.max(0, Math.floor(q * resamples)))] as number;
  return [at(alpha), at(1 - alpha)];
}

/** Paired bootstrap: CI of the mean difference b − a over matched pairs (same seeds). */
export function pairedBootstrapCi(
  a: readonly number[],
  b: readonly number[],
  o: CiOptions,
): { meanDiff: number; ci: [number, number] } {
  if (a.length !== b.length) throw new RangeError("paired samples must have the same length");
  const diffs = b.map((x, i) => x - (a[i] as number));
  return { meanDiff: mean(diffs), ci: bootstrapCi(diffs, o) };
}
