import { describe, expect, it } from "vitest";
import { bagNetworkReader } from "../../../env/tells/bag-network";
import { type Bag, type BagNetworkFit, fitBagNetwork, messageBags } from "./bag-network-fit";

// Rows 0 and 1 carry signal 0 together and not apart (a phrase of two words), row 2 is noise in
// every message. No linear reading of the rows separates them: row 0 alone and row 1 alone must
// each read low, both together high.
const bag = (rows: number[], gold: boolean): Bag => ({
  rows: Int32Array.from([...rows, 2]),
  values: Float64Array.from([...rows, 2], () => 1),
  gold: [gold, false, false, false, false],
});
const CASES: [number[], boolean][] = [
  [[0, 1], true],
  [[0], false],
  [[1], false],
  [[], false],
];
const BAGS = CASES.flatMap(([rows, gold]) => Array.from({ length: 25 }, () => bag(rows, gold)));
const FIT: BagNetworkFit = { units: 8, epochs: 30, rate: 0.1, l2: 1e-4, seed: 5, startBias: 0.5 };

describe("fitting the message network", () => {
  const net = fitBagNetwork(BAGS, 3, FIT);
  const reader = bagNetworkReader(net, 3);
  const p = (rows: number[]) => {
    const b = bag(rows, false);
    return reader.read(b.rows, b.values, b.rows.length)[0] as number;
  };

  it("learns a conjunction of rows that no weighted sum of them reads", () => {
    expect(p([0, 1])).toBeGreaterThan(0.8);
    for (const rows of [[0], [1], []]) expect(p(rows)).toBeLessThan(0.2);
  });

  it("gives the same weights for the same bags and options, other weights for another seed", () => {
    expect(fitBagNetwork(BAGS, 3, FIT)).toEqual(net);
    expect(fitBagNetwork(BAGS, 3, { ...FIT, seed: 6 })).not.toEqual(net);
  });

  it("stores int8 input weights, with the largest of each unit at ±127", () => {
    for (const w of net.weights) {
      expect(w.every((q) => Number.isInteger(q) && Math.abs(q) <= 127)).toBe(true);
      if (w.some((q) => q !== 0)) expect(Math.max(...w.map(Math.abs))).toBe(127);
    }
  });
});

describe("a message's bag", () => {
  it("sums its clauses' values per bucket and keeps the buckets the file has rows for", () => {
    // The file's rows are buckets 3, 5 and 9 (deltas 3, 2, 4).
    const clauses = [
      { buckets: Int32Array.from([3, 7]), counts: Float64Array.from([1, 2]) },
      { buckets: Int32Array.from([3, 9]), counts: Float64Array.from([0.5, 4]) },
    ];
    const [b] = messageBags([clauses], [[true, false, false, false, false]], [3, 2, 4]);
    expect(Array.from(b?.rows ?? [])).toEqual([0, 2]);
    expect(Array.from(b?.values ?? [])).toEqual([1.5, 4]);
    expect(b?.gold).toEqual([true, false, false, false, false]);
  });
});
