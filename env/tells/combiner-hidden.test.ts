import { describe, expect, it } from "vitest";
import { hiddenLayerFits, hiddenLogit } from "./combiner-hidden";
import { probabilityOf, type SignalCombiner } from "./signal-combiner";

describe("a combiner's hidden layer", () => {
  // Two units over inputs [1, a, b]: tanh(a − b) and tanh(0.5 + b), weighted 2 and −1.
  const layer = {
    weights: [
      [0, 1, -1],
      [0.5, 0, 1],
    ],
    out: [2, -1],
  };

  it("adds the units' weighted tanh to the logit", () => {
    const x = [1, 0.3, -0.2];
    expect(hiddenLogit(layer, x)).toBeCloseTo(2 * Math.tanh(0.5) - Math.tanh(0.3), 12);
    expect(hiddenLogit(layer, [1, 0, 0])).toBeCloseTo(-Math.tanh(0.5), 12);
  });

  it("makes a combiner's probability the logistic of the linear logit plus the layer's", () => {
    const linear: SignalCombiner = { inputs: "cross-signal/1", weights: [[0.1, 1, 0]], thresholds: [0.5] };
    const x = [1, 0.3, -0.2];
    const z = 0.1 + 0.3;
    expect(probabilityOf(linear, 0, x)).toBeCloseTo(1 / (1 + Math.exp(-z)), 12);
    const withLayer = { ...linear, hidden: [layer] };
    expect(probabilityOf(withLayer, 0, x)).toBeCloseTo(1 / (1 + Math.exp(-(z + hiddenLogit(layer, x)))), 12);
  });

  it("fits only when every unit has one weight per input and one output weight", () => {
    expect(hiddenLayerFits(layer, 3)).toBe(true);
    expect(hiddenLayerFits(layer, 4)).toBe(false);
    expect(hiddenLayerFits({ ...layer, out: [2] }, 3)).toBe(false);
    expect(
      hiddenLayerFits(
        {
          weights: [
            [0, 1, -1],
            [0.5, 0],
          ],
          out: [2, -1],
        },
        3,
      ),
    ).toBe(false);
    expect(hiddenLayerFits({ weights: [], out: [] }, 3)).toBe(false);
  });
});
