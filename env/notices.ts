import type { EpisodeSpec } from "./episode-spec";
import { formatMoney, formatRupees } from "./money";
import type { SellerMove } from "./seller-policy";

type PriceText = (price: number) => string;

/**
 * How the environment writes a price in its own words for this episode: exactly (`formatMoney`,
 * the number the buyer's screen shows) when the task says so, else whole rupees as the frozen
 * v1/v2 episodes were recorded ("Deal closed at ₹56" for ₹55.96).
 */
export const priceText = (spec: Pick<EpisodeSpec, "money">): PriceText =>
  spec.money === "exact" ? formatMoney : formatRupees;

/** The environment's own words (never the seller's). */
export const NOTICE = {
  alreadyOver: "This negotiation has already ended.",
  buyerWalked: "You walked away. No deal this time.",
  sellerWalked: "The seller has walked away. No deal.",
  timeUp: "Out of time: the last round passed without a deal.",
  priceMissing: "Your offer had no usable price, so half your budget was offered.",
  priceClamped: (price: number, say: PriceText = formatRupees) =>
    `Offers must lie between 0 and your budget; yours was treated as ${say(price)}.`,
  dealAt: (price: number, say: PriceText = formatRupees) => `Deal closed at ${say(price)}.`,
  soldOut: "Sold out: another buyer took the last unit before you closed. No deal.",
  unitsSold: (prices: readonly number[], left: number, say: PriceText = formatRupees) =>
    `Another buyer bought ${prices.length === 1 ? "one" : prices.length} at ${prices.map(say).join(", ")}; ${left} left.`,
} as const;

/** A plain seller line used when the rules guard rewrites a move, so the words match the price. */
export function restatedLine(
  action: SellerMove,
  price: number | null,
  say: PriceText = formatRupees,
): string {
  if (action === "accept" && price !== null) return `Okay, ${say(price)} it is. Deal.`;
  if (action === "counter" && price !== null)
    return `I can do ${say(price)}, and that is as far as I go today.`;
  return "No, I'll leave it here. Maybe another time.";
}

/** The guard's restated line in exact money (one function, built once, for the hot path). */
export const restatedLineExact = (action: SellerMove, price: number | null): string =>
  restatedLine(action, price, formatMoney);
