import type { Reading } from "./digit-cluster";

/**
 * Does a number, as written, state `value`? The rule, by the precision p of the writing (the
 * step of its last digit or word, times any magnitude; see writtenPrecision in compose.ts):
 * - p ≤ 1 (units, decimals, halves): the mention states v when it is v rounded, rounded down or
 *   rounded up at that precision, i.e. |v − m| < p. So "31" and "32" both state 31.5, and
 *   "5511.8" (and "5511.7") state 5511.77; "31.6" does not state 31.5.
 * - p > 1 (magnitudes: "1.2 lakh", "31.5k", "dhai sau"): only rounding to the nearest step,
 *   |v − m| ≤ p/2, with p capped at two significant digits. So "1.2 lakh" states
 *   1,15,000–1,25,000, "31.5k" states 31,450–31,550, "2 lakh" states 1,95,000–2,05,000.
 * The tiny slack absorbs binary floating point ("31.6" − 31.5 is 0.10000000000000142).
 */
export function statesValue(m: Reading, value: number): boolean {
  const d = Math.abs(value - m.value);
  const slack = 1e-9 * Math.max(1, Math.abs(value));
  return m.precision <= 1 ? d < m.precision - slack : d <= m.precision / 2 + slack;
}
