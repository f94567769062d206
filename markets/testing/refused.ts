import { expect } from "vitest";
import { MarketError } from "../errors";

/** Assert that `f` is refused with `code` and that the market's snapshot did not change. */
export function expectRefused(snapshot: () => string, f: () => unknown, code: MarketError["code"]): void {
  const before = snapshot();
  let caught: unknown;
  try {
    f();
  } catch (err) {
    caught = err;
  }
  expect(caught).toBeInstanceOf(MarketError);
  expect((caught as MarketError).code).toBe(code);
  expect(snapshot()).toBe(before);
}
