import { describe, expect, it } from "vitest";
import { ratioCeiling } from "./ratio-ceiling";

describe("ratioCeiling", () => {
  it("is 2 when nothing but the replicas costs anything on two cores", () => {
    expect(ratioCeiling({ cores: 2, replica: 200e-6, others: 0 })).toBeCloseTo(2, 9);
  });

  it("is 1 when the rest of a step costs at least what the replica does on two cores", () => {
    expect(ratioCeiling({ cores: 2, replica: 200e-6, others: 200e-6 })).toBeCloseTo(1, 9);
    expect(ratioCeiling({ cores: 2, replica: 200e-6, others: 270e-6 })).toBeCloseTo(1, 9);
  });

  it("lies between when the rest is cheaper than the replica", () => {
    // one replica: 1/r = 5,000/s; roof 2/(r+s) = 2/300µs ≈ 6,667/s → 1.33
    expect(ratioCeiling({ cores: 2, replica: 200e-6, others: 100e-6 })).toBeCloseTo(4 / 3, 9);
  });

  it("grows with the cores a box gives", () => {
    expect(ratioCeiling({ cores: 16, replica: 200e-6, others: 270e-6 })).toBeCloseTo(2, 9);
  });

  it("says NaN for costs it cannot read", () => {
    expect(ratioCeiling({ cores: 2, replica: 0, others: 1e-4 })).toBeNaN();
    expect(ratioCeiling({ cores: 0, replica: 1e-4, others: 1e-4 })).toBeNaN();
    expect(ratioCeiling({ cores: 2, replica: 1e-4, others: -1 })).toBeNaN();
  });
});
