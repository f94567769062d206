import { describe, expect, it } from "vitest";
import { type BagNetworkWeights, bagNetworkFits, bagNetworkReader } from "./bag-network";

// Two units over three rows: unit 0 reads rows 0 and 1 (scale 0.5), unit 1 row 2 (scale 0.25).
const NET: BagNetworkWeights = {
  bias: [-1, 0.5],
  scale: [0.5, 0.25],
  weights: [
    [2, 2, 0],
    [0, 0, -4],
  ],
  out: [
    [1, -1],
    [0, 2],
    [0.5, 0.5],
    [-1, 0],
    [0, 0],
  ],
  out_bias: [0, 0.1, 0, 0, -2],
};
const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));
const read = (rows: number[], values: number[]) =>
  bagNetworkReader(NET, 3).read(Int32Array.from(rows), Float64Array.from(values), rows.length);

describe("the message network", () => {
  it("reads ReLU units over the summed rows and one logistic output per signal", () => {
    // Unit 0: −1 + 0.5·(2·1 + 2·1) = 1; unit 1: 0.5 + 0.25·(−4·1) = −0.5 → 0.
    const p = read([0, 1, 2], [1, 1, 1]);
    expect(p).toHaveLength(5);
    expect(p[0]).toBeCloseTo(sigmoid(1), 12);
    expect(p[1]).toBeCloseTo(sigmoid(0.1), 12);
    expect(p[2]).toBeCloseTo(sigmoid(0.5), 12);
    expect(p[3]).toBeCloseTo(sigmoid(-1), 12);
    expect(p[4]).toBeCloseTo(sigmoid(-2), 12);
  });

  it("reads only the first `count` rows it is given, and an empty message as the biases", () => {
    const reader = bagNetworkReader(NET, 3);
    // Unit 0 is off (−1), unit 1 on (0.5).
    const empty = reader.read(new Int32Array(4), new Float64Array(4), 0);
    expect(empty[0]).toBeCloseTo(sigmoid(-0.5), 12);
    expect(empty[1]).toBeCloseTo(sigmoid(0.1 + 1), 12);
    // A second read starts from zero again: nothing is carried over from the first.
    reader.read(Int32Array.from([0, 1]), Float64Array.from([9, 9]), 2);
    expect(reader.read(Int32Array.from([0, 1]), Float64Array.from([9, 9]), 0)).toEqual(empty);
  });

  it("is linear in the values before the units: a row read twice counts as its summed value", () => {
    expect(read([0, 0], [0.5, 1.5])).toEqual(read([0], [2]));
  });

  it("reads an eight-unit network (its own summing loop) as any other width", () => {
    // Eight units over four rows with varied int8 weights; the reference sums in plain floats.
    const units = 8;
    const weights = Array.from({ length: units }, (_, u) =>
      [0, 1, 2, 3].map((r) => ((u * 37 + r * 53) % 255) - 127),
    );
    const net: BagNetworkWeights = {
      bias: weights.map((_, u) => (u % 3) - 1),
      scale: weights.map((_, u) => 0.001 * (u + 1)),
      weights,
      out: Array.from({ length: 5 }, (_, s) => weights.map((_, u) => ((s + u) % 4) - 1.5)),
      out_bias: [0.1, -0.2, 0.3, 0, 0],
    };
    const rows = [3, 0, 2, 0];
    const values = [1.5, 2, 0.5, 1];
    const expected = net.out.map((w, s) => {
      let z = net.out_bias[s] as number;
      for (let u = 0; u < units; u++) {
        let a = 0;
        rows.forEach((r, k) => {
          a += (values[k] as number) * ((weights[u] as number[])[r] as number);
        });
        z += (w[u] as number) * Math.max((net.bias[u] as number) + (net.scale[u] as number) * a, 0);
      }
      return sigmoid(z);
    });
    const p = bagNetworkReader(net, 4).read(Int32Array.from(rows), Float64Array.from(values), rows.length);
    p.forEach((v, s) => {
      expect(v).toBeCloseTo(expected[s] as number, 12);
    });
    // Not every unit is off: the reference is not just the output biases.
    expect(expected.some((v, s) => Math.abs(v - sigmoid(net.out_bias[s] as number)) > 0.01)).toBe(true);
  });

  it("fits only with one entry per unit, per signal and per row in every list", () => {
    expect(bagNetworkFits(NET, 3)).toBe(true);
    expect(bagNetworkFits(NET, 4)).toBe(false);
    expect(bagNetworkFits({ ...NET, scale: [0.5] }, 3)).toBe(false);
    expect(bagNetworkFits({ ...NET, out: NET.out.slice(1) }, 3)).toBe(false);
    expect(bagNetworkFits({ ...NET, out_bias: [0] }, 3)).toBe(false);
    expect(bagNetworkFits({ ...NET, out: NET.out.map((w) => w.slice(1)) }, 3)).toBe(false);
    expect(
      bagNetworkFits(
        { bias: [], scale: [], weights: [], out: [[], [], [], [], []], out_bias: [0, 0, 0, 0, 0] },
        3,
      ),
    ).toBe(false);
  });
});
