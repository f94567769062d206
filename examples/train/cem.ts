import { Rng } from "../../env/prng";

/**
 * The cross-entropy method (Rubinstein 1999): sample a population from a diagonal Gaussian,
 * keep the best `elite` share, refit the Gaussian to them, repeat. No gradients, a handful of
 * parameters, robust to noisy returns — a good first learner for a small policy.
 */
export interface CemOptions {
  population: number;
  elite: number;
  /** Per-dimension bounds; samples are clipped into them. */
  lo: readonly number[];
  hi: readonly number[];
  /** Smallest standard deviation per dimension, as a share of its range (keeps exploring). */
  minStdShare: number;
  /** Step size α of the refit, new = α·fit + (1 − α)·old: below 1 it stops the spread collapsing early. */
  smoothing: number;
  seed: number;
}

export interface CemState {
  mean: number[];
  std: number[];
  generation: number;
}

export function initCem(mean: readonly number[], stdShare: number, o: CemOptions): CemState {
  return {
    mean: [...mean],
    std: mean.map((_, i) => stdShare * ((o.hi[i] as number) - (o.lo[i] as number))),
    generation: 0,
  };
}

/** The population of one generation: reproducible from (seed, generation). */
export function samplePopulation(s: CemState, o: CemOptions): number[][] {
  const rng = new Rng(o.seed * 7919 + s.generation);
  return Array.from({ length: o.population }, () =>
    s.mean.map((m, i) =>
      Math.min(o.hi[i] as number, Math.max(o.lo[i] as number, rng.gaussian(m, s.std[i] as number))),
    ),
  );
}

/** Refit to the elite of a scored population (higher score is better). */
export function updateCem(
  s: CemState,
  population: readonly number[][],
  scores: readonly number[],
  o: CemOptions,
): CemState {
  const order = scores.map((v, i) => [v, i] as const).sort((a, b) => b[0] - a[0]);
  const elite = order.slice(0, o.elite).map(([, i]) => population[i] as number[]);
  const a = o.smoothing;
  const fit = s.mean.map((_, d) => elite.reduce((acc, x) => acc + (x[d] as number), 0) / elite.length);
  const std = s.mean.map((_, d) => {
    const v = elite.reduce((acc, x) => acc + ((x[d] as number) - (fit[d] as number)) ** 2, 0) / elite.length;
    const floor = o.minStdShare * ((o.hi[d] as number) - (o.lo[d] as number));
    return Math.max(a * Math.sqrt(v) + (1 - a) * (s.std[d] as number), floor);
  });
  const mean = fit.map((m, d) => a * m + (1 - a) * (s.mean[d] as number));
  return { mean, std, generation: s.generation + 1 };
}
