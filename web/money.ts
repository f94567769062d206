import { formatMoney } from "../src/wire/money";

/**
 * Prices on the page: the game's one formatter (env/money.ts, through src/wire/money.ts), the same one the sellers' words
 * and the environment's notices use from task version 3, so "₹3,499.30" on the Accept button
 * is the "₹3,499.30" the seller said. Whole rupees plainly, paise only when there are some.
 */
export const rupees = formatMoney;

/** A 0..1 share as a whole percentage. */
export function percent(share: number): string {
  return `${Math.round(share * 100)}%`;
}
