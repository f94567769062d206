/**
 * The hidden layer of a tells-model/7 combiner (tells-model@23): per signal, a few tanh units
 * over the same inputs as the combiner's linear part, whose weighted sum is added to its logit.
 *
 * The linear combiner weighs each reading the same whatever the others say. Held out by family,
 * what a reading is worth depends on the rest: a signal's own head reading a stranger weakly
 * counts when the "any cue" head and the concepts say something is there, and not otherwise; a
 * rule match counts when the model agrees. A linear sum cannot express "this input only when
 * that one"; a handful of units can. Fitted, like the linear part, on inner-fold readings
 * (every one a stranger's): +0.01 macro F1 held out over four fold placements (docs/tells.md,
 * "Twenty-fifth pass"). The inputs' standardisation is folded into the weights when fitted, so
 * reading it is one dot product and one tanh per unit.
 */
export interface HiddenLayer {
  /** Per unit, one weight per combiner input (input 0 is the constant 1, so it holds the unit's bias). */
  weights: number[][];
  /** Per unit, its weight in the signal's logit. */
  out: number[];
}

/** What the hidden layer adds to a signal's combiner logit for inputs x. */
export function hiddenLogit(layer: HiddenLayer, x: readonly number[]): number {
  let z = 0;
  for (let h = 0; h < layer.weights.length; h++) {
    const wh = layer.weights[h] as readonly number[];
    let a = 0;
    for (let j = 0; j < x.length; j++) a += (wh[j] as number) * (x[j] as number);
    z += (layer.out[h] as number) * Math.tanh(a);
  }
  return z;
}

/** A layer of this shape for `inputs` inputs: every unit one weight per input, one output weight per unit. */
export function hiddenLayerFits(layer: HiddenLayer, inputs: number): boolean {
  return (
    layer.weights.length > 0 &&
    layer.out.length === layer.weights.length &&
    layer.weights.every((w) => w.length === inputs)
  );
}
