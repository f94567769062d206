import type { HiddenLayer } from "../../../env/tells/combiner-hidden";
import { VERBAL_SIGNALS } from "../../../env/tells/cue-rules";
import {
  COMBINER_INPUT_COUNT,
  type CombinerInputs,
  combinerInputs,
  logistic,
  probabilityOf,
  type SignalCombiner,
} from "../../../env/tells/signal-combiner";
import { fitHiddenLayer, type HiddenFit } from "./hidden-fit";
import { bestUnderPrecisionFloor } from "./precision-floor";
import type { Seen } from "./thresholds";

const ITERATIONS = 400;
const RATE = 0.5;
const L2 = 1e-3;
// Thresholds tried, 0.100, 0.125, … 0.800, each made from an integer so the grid is exact.
const THRESHOLDS = Array.from({ length: 29 }, (_, i) => (100 + 25 * i) / 1000);

const round6 = (x: number): number => Math.round(x * 1e6) / 1e6;

/**
 * The combiner of a tells-model/5 file, fitted on inner-fold readings (each read by a model that
 * was not trained on its family, as the shipped model reads a stranger): per signal, a logistic
 * regression over combinerInputs by full-batch AdaGrad with L2 (the bias unpenalised), then the
 * threshold with the best F1 among those whose precision reaches the floor (the best F1 overall
 * when none does). Full-batch and in a fixed order: the same readings give the same weights.
 * Weights are rounded to 6 decimals, as the file stores them, before thresholds are chosen.
 * With `hidden` (tells-model/7), each signal's linear weights are then fitted again together
 * with a hidden layer (hidden-fit.ts), and its threshold chosen on their combined probability.
 */
export function fitCombiner(
  seen: readonly Seen[],
  precisionFloor: number,
  inputs: CombinerInputs,
  hidden?: HiddenFit,
): SignalCombiner {
  const weights: number[][] = [];
  const thresholds: number[] = [];
  const layers: HiddenLayer[] = [];
  VERBAL_SIGNALS.forEach((_, s) => {
    const x = seen.map((r) => combinerInputs(r, s, inputs));
    const y = seen.map((r) => (r.gold[s] ? 1 : 0));
    const linear = fitLogistic(x, y, COMBINER_INPUT_COUNT[inputs]).map(round6);
    const fitted = hidden === undefined ? undefined : fitHiddenLayer(x, y, linear, hidden, s);
    const w = fitted === undefined ? linear : fitted.linear.map(round6);
    const layer: HiddenLayer | undefined = fitted && {
      weights: fitted.hidden.weights.map((u) => u.map(round6)),
      out: fitted.hidden.out.map(round6),
    };
    weights.push(w);
    if (layer !== undefined) layers.push(layer);
    // The threshold is chosen on the probability the reader will compute from the stored weights.
    const one: SignalCombiner = { inputs, weights: [w], thresholds: [0], ...(layer && { hidden: [layer] }) };
    thresholds.push(
      pickThreshold(
        x.map((xi) => probabilityOf(one, 0, xi)),
        y,
        precisionFloor,
      ),
    );
  });
  return hidden === undefined
    ? { inputs, weights, thresholds }
    : { inputs, weights, thresholds, hidden: layers };
}

function fitLogistic(x: readonly number[][], y: readonly number[], inputs: number): number[] {
  const w = new Float64Array(inputs);
  const g2 = new Float64Array(inputs).fill(1e-8);
  const n = Math.max(x.length, 1);
  for (let it = 0; it < ITERATIONS; it++) {
    const g = new Float64Array(inputs);
    x.forEach((xi, i) => {
      const e = logistic(w, xi) - (y[i] as number);
      for (let j = 0; j < inputs; j++) g[j] = (g[j] as number) + e * (xi[j] as number);
    });
    for (let j = 0; j < inputs; j++) {
      const gj = (g[j] as number) / n + (j === 0 ? 0 : L2 * (w[j] as number));
      g2[j] = (g2[j] as number) + gj * gj;
      w[j] = (w[j] as number) - (RATE * gj) / Math.sqrt(g2[j] as number);
    }
  }
  return Array.from(w);
}

/** The threshold with the best F1 among those reaching the precision floor; ties keep the lowest. */
export function pickThreshold(
  probability: readonly number[],
  gold: readonly number[],
  floor: number,
): number {
  return bestUnderPrecisionFloor(
    THRESHOLDS,
    gold.map((g) => g === 1),
    (t, i) => (probability[i] as number) >= t,
    floor,
  );
}
