import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { retryDelayMs } from "./backoff";

const POLICY = { backoffBaseMs: 250, backoffMaxMs: 4_000, retryAfterCapMs: 10_000 };

describe("retryDelayMs", () => {
  it("doubles the ceiling per retry and stays within [ceiling/2, ceiling]", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 12 }), fc.double({ min: 0, max: 1, noNaN: true }), (retry, r) => {
        const ceiling = Math.min(4_000, 250 * 2 ** (retry - 1));
        const delay = retryDelayMs(retry, undefined, POLICY, () => r);
        expect(delay).toBeGreaterThanOrEqual(Math.floor(ceiling / 2));
        expect(delay).toBeLessThanOrEqual(ceiling);
      }),
    );
  });

  it("waits at least Retry-After, and refuses to wait beyond the cap", () => {
    expect(retryDelayMs(1, 3_000, POLICY, () => 0)).toBe(3_000);
    expect(retryDelayMs(5, 100, POLICY, () => 1)).toBe(4_000);
    expect(retryDelayMs(1, 10_001, POLICY, () => 0)).toBeUndefined();
  });

  it("tolerates a misbehaving random source", () => {
    expect(retryDelayMs(1, undefined, POLICY, () => Number.NaN)).toBe(125);
    expect(retryDelayMs(1, undefined, POLICY, () => 7)).toBe(250);
  });
});
