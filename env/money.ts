/** Number helpers shared by the engine. Money is a plain number, rounded to cents at boundaries. */

// Adding a tiny epsilon before rounding keeps 0.125 → 0.13 despite binary representation (0.12499999…).
function roundTo(x: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round((x + Math.sign(x) * Number.EPSILON * Math.abs(x)) * f) / f;
}

export const round2 = (x: number): number => roundTo(x, 2);
export const round3 = (x: number): number => roundTo(x, 3);
export const round4 = (x: number): number => roundTo(x, 4);

export const clamp = (x: number, lo: number, hi: number): number => (x < lo ? lo : Math.min(x, hi));
export const clamp01 = (x: number): number => clamp(x, 0, 1);

/** Whole units, half away from zero (31.5 → 32, 32.5 → 33): the one rule for prices in text. */
export function wholeUnits(x: number): number {
  return Math.sign(x) * Math.floor(Math.abs(x) + 0.5 + 1e-9);
}

/** Indian digit grouping (1,23,456): the last three digits, then pairs. */
function groupIndian(n: number): string {
  const digits = String(Math.abs(n));
  if (digits.length <= 3) return n < 0 ? `-${digits}` : digits;
  let head = digits.slice(0, -3);
  const tail = digits.slice(-3);
  const parts: string[] = [];
  while (head.length > 2) {
    parts.unshift(head.slice(-2));
    head = head.slice(0, -2);
  }
  if (head) parts.unshift(head);
  return `${n < 0 ? "-" : ""}${parts.join(",")},${tail}`;
}

/**
 * Whole rupees ("₹1,099", "₹1,23,456"): how the frozen v1 seller lines and notices say every
 * price, even one with paise (₹55.96 is said "₹56"). New wording uses `formatMoney`.
 */
export function formatRupees(x: number): string {
  return `₹${groupIndian(wholeUnits(x))}`;
}

/**
 * The one price formatter for words and numbers alike (#17 item 5): the price as the game
 * holds it, to the paisa, with Indian grouping. Whole rupees where the price is whole
 * ("₹3,499"), paise where it is not ("₹3,499.30", "₹42.50"), so a seller's words, a notice, the
 * counter and the Accept button all show one number. Prices are rounded to paise at every
 * boundary (`round2`), so nothing finer is ever lost.
 */
export function formatMoney(x: number): string {
  const paise = Math.round(Math.abs(round2(x)) * 100);
  const rupees = Math.floor(paise / 100);
  const rest = paise % 100;
  const sign = x < 0 && paise > 0 ? "-" : "";
  const whole = `${sign}₹${groupIndian(rupees)}`;
  return rest === 0 ? whole : `${whole}.${String(rest).padStart(2, "0")}`;
}

/** Prices in prompts: at most two decimals, no trailing zeros ("60", "31.5"). */
export function formatPrice(x: number | null | undefined): string {
  if (x === null || x === undefined || !Number.isFinite(x)) return "N/A";
  return String(round2(x));
}
