import { Rng } from "../../../env/prng";
import type { HiddenLayer } from "../../../env/tells/combiner-hidden";

/** How a combiner's hidden layers are fitted (TrainOptions.combinerHidden; frozen with a release). */
export interface HiddenFit {
  /** Tanh units per signal. */
  units: number;
  /** L2 strength on every weight but the linear part's bias and the units' own biases. */
  l2: number;
  /** Adam's step. */
  rate: number;
  /** Full-batch Adam steps. */
  iterations: number;
  /** Seeds the units' starting weights (signal s draws from seed + s). */
  seed: number;
}

const BETA1 = 0.9;
const BETA2 = 0.999;
const EPSILON = 1e-8;

/**
 * One signal's linear weights and hidden layer, fitted together on inputs x and targets y by
 * full-batch Adam on the log loss with L2, starting from the fitted linear weights and small
 * seeded unit weights. Units read the inputs standardised (each input's mean and spread over
 * these rows), so one step size suits inputs on any scale; the standardisation is then folded
 * into the weights, so the reader needs none. Full-batch and in a fixed order: the same rows and
 * options give the same layer.
 */
export function fitHiddenLayer(
  x: readonly number[][],
  y: readonly number[],
  linear: readonly number[],
  o: HiddenFit,
  signal: number,
): { linear: number[]; hidden: HiddenLayer } {
  const n = x.length;
  const d = linear.length;
  const units = o.units;
  const { mean, spread } = standardisation(x, d);
  const z = x.map((xi) => Float64Array.from(xi, (v, j) => (v - (mean[j] as number)) / (spread[j] as number)));
  const rng = new Rng(o.seed + signal);
  // Parameters, flat: the linear weights (d), the units' input weights (units × d), their biases, their output weights.
  const W = 0;
  const U = d;
  const C = U + units * d;
  const V = C + units;
  const size = V + units;
  const theta = new Float64Array(size);
  theta.set(linear, W);
  for (let k = U; k < C; k++) theta[k] = rng.gaussian(0, 0.3 / Math.sqrt(d));
  for (let k = V; k < size; k++) theta[k] = rng.gaussian(0, 0.01);
  const penalised = (k: number) => k !== W && (k < C || k >= V);
  const m1 = new Float64Array(size);
  const m2 = new Float64Array(size);
  const t = new Float64Array(units);
  for (let step = 1; step <= o.iterations; step++) {
    const g = new Float64Array(size);
    for (let i = 0; i < n; i++) {
      const xi = x[i] as number[];
      const zi = z[i] as Float64Array;
      let logit = 0;
      for (let j = 0; j < d; j++) logit += (theta[W + j] as number) * (xi[j] as number);
      for (let h = 0; h < units; h++) {
        let a = theta[C + h] as number;
        const row = U + h * d;
        for (let j = 0; j < d; j++) a += (theta[row + j] as number) * (zi[j] as number);
        t[h] = Math.tanh(a);
        logit += (theta[V + h] as number) * (t[h] as number);
      }
      const err = 1 / (1 + Math.exp(-logit)) - (y[i] as number);
      for (let j = 0; j < d; j++) g[W + j] = (g[W + j] as number) + err * (xi[j] as number);
      for (let h = 0; h < units; h++) {
        const th = t[h] as number;
        g[V + h] = (g[V + h] as number) + err * th;
        const back = err * (theta[V + h] as number) * (1 - th * th);
        g[C + h] = (g[C + h] as number) + back;
        const row = U + h * d;
        for (let j = 0; j < d; j++) g[row + j] = (g[row + j] as number) + back * (zi[j] as number);
      }
    }
    const c1 = 1 - BETA1 ** step;
    const c2 = 1 - BETA2 ** step;
    for (let k = 0; k < size; k++) {
      const gk = (g[k] as number) / n + (penalised(k) ? o.l2 * (theta[k] as number) : 0);
      m1[k] = BETA1 * (m1[k] as number) + (1 - BETA1) * gk;
      m2[k] = BETA2 * (m2[k] as number) + (1 - BETA2) * gk * gk;
      theta[k] =
        (theta[k] as number) -
        (o.rate * ((m1[k] as number) / c1)) / (Math.sqrt((m2[k] as number) / c2) + EPSILON);
    }
  }
  return {
    linear: Array.from(theta.subarray(W, U)),
    hidden: folded(theta, { U, C, V, d, units }, mean, spread),
  };
}

/** Each input's mean and spread (standard deviation, at least 1e-3); input 0, the constant 1, is left as it is. */
function standardisation(x: readonly number[][], d: number): { mean: number[]; spread: number[] } {
  const n = Math.max(x.length, 1);
  const mean = new Array<number>(d).fill(0);
  const spread = new Array<number>(d).fill(0);
  for (const xi of x) for (let j = 1; j < d; j++) mean[j] = (mean[j] as number) + (xi[j] as number) / n;
  for (const xi of x)
    for (let j = 1; j < d; j++)
      spread[j] = (spread[j] as number) + ((xi[j] as number) - (mean[j] as number)) ** 2 / n;
  for (let j = 0; j < d; j++) spread[j] = j === 0 ? 1 : Math.max(Math.sqrt(spread[j] as number), 1e-3);
  return { mean, spread };
}

/**
 * The units' weights on the raw inputs: w·(x − mean)/spread + c = (w/spread)·x + (c − Σ w·mean/spread),
 * the constant part on input 0 (the constant 1).
 */
function folded(
  theta: Float64Array,
  at: { U: number; C: number; V: number; d: number; units: number },
  mean: readonly number[],
  spread: readonly number[],
): HiddenLayer {
  const weights: number[][] = [];
  for (let h = 0; h < at.units; h++) {
    const row = at.U + h * at.d;
    const wh = Array.from({ length: at.d }, (_, j) => (theta[row + j] as number) / (spread[j] as number));
    let constant = theta[at.C + h] as number;
    for (let j = 1; j < at.d; j++) constant -= (wh[j] as number) * (mean[j] as number);
    wh[0] = (wh[0] as number) + constant;
    weights.push(wh);
  }
  return { weights, out: Array.from(theta.subarray(at.V, at.V + at.units)) };
}
