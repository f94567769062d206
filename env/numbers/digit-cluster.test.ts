import { describe, expect, it } from "vitest";
import { readCompact, readDigitCluster } from "./digit-cluster";

const values = (s: string) => readCompact(s).map((r) => r.value);

describe("digit clusters", () => {
  it("reads both thousands styles, Indian grouping and decimal commas", () => {
    expect(values("31,500")).toEqual([31_500, 31.5]);
    expect(values("31.500")).toEqual([31_500, 31.5]);
    expect(values("1,23,456")).toEqual([123_456]);
    expect(values("31,5")).toEqual([31.5]);
    expect(values("1.234,5")).toEqual([1234.5]);
    expect(values("1,234.5")).toEqual([1234.5]);
    expect(values("31'500")).toEqual([31_500]);
    expect(values("30,40,50")).toEqual([]);
  });

  it("gives each reading the precision of its last digit", () => {
    expect(readCompact("31.500")).toEqual([
      { value: 31_500, precision: 1 },
      { value: 31.5, precision: 0.001 },
    ]);
  });

  it("joins digits spelled apart and a space used as thousands separator, and nothing else", () => {
    const at = (t: string) => readDigitCluster(t, 0);
    expect(at("3 1 . 5 is it").readings[0]?.value).toBe(31.5);
    expect(at("3 1 5 0 0").readings[0]?.value).toBe(31_500);
    expect(at("31 500").readings[0]?.value).toBe(31_500);
    expect(at("31 50").end).toBe(2);
    expect(at("31. 5").end).toBe(2);
  });
});
