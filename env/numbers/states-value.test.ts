import { describe, expect, it } from "vitest";
import { priceMentions } from "./mentions";
import { statesValue } from "./states-value";

const states = (text: string, v: number) => priceMentions(text).some((m) => statesValue(m, v));

describe("statesValue: a mention states a value at the precision it is written to", () => {
  it("whole numbers state the value rounded, rounded down or rounded up", () => {
    expect([states("31", 31.5), states("32", 31.5), states("30", 31.5), states("33", 31.5)]).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });

  it("decimals state the value at their own precision", () => {
    expect(states("5511.8", 5511.77)).toBe(true);
    expect(states("5511.7", 5511.77)).toBe(true);
    expect(states("5511.6", 5511.77)).toBe(false);
    expect(states("31.6", 31.5)).toBe(false);
    expect(states("31.50", 31.5)).toBe(true);
  });

  it("magnitudes state the value rounded to the step written, at least two significant digits", () => {
    expect(states("1.2 lakh", 118_000)).toBe(true);
    expect(states("1.2 lakh", 114_000)).toBe(false);
    expect(states("31.5k", 31_540)).toBe(true);
    expect(states("31.5k", 31_600)).toBe(false);
    expect(states("2 lakh", 204_000)).toBe(true);
    expect(states("2 lakh", 180_000)).toBe(false);
  });
});
