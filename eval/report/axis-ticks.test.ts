import { describe, expect, it } from "vitest";
import { niceTicks, roundTicks, tickLabel } from "./axis-ticks";

describe("niceTicks", () => {
  it("covers the data with round steps instead of padded end values", () => {
    expect(niceTicks(1543.28, 7348.95)).toEqual([0, 2000, 4000, 6000, 8000]);
    expect(niceTicks(31.5, 100)).toEqual([20, 40, 60, 80, 100]);
    expect(niceTicks(0.12, 0.93, 6)).toEqual([0, 0.2, 0.4, 0.6, 0.8, 1]);
  });

  it("widens a flat series and survives nonsense", () => {
    expect(niceTicks(50, 50)).toEqual([45, 50, 55]);
    expect(niceTicks(Number.NaN, 3)).toEqual([0, 1]);
  });

  it("labels ticks with the decimals their step needs", () => {
    expect(tickLabel(7000, [6000, 7000])).toBe("7,000");
    expect(tickLabel(0.2, [0, 0.2])).toBe("0.2");
  });
});

describe("roundTicks", () => {
  it("marks every round of a short episode and thins out long ones", () => {
    expect(roundTicks(5)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(roundTicks(20)).toEqual([0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20]);
    expect(roundTicks(27)).toEqual([0, 5, 10, 15, 20, 25, 27]);
  });
});
