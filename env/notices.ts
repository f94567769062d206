import { formatRupees } from "./money";
import type { SellerMove } from "./seller-policy";

/** The environment's own words (never the seller's). */
export const NOTICE = {
  alreadyOver: "This negotiation has already ended.",
  buyerWalked: "You walked away. No deal this time.",
  sellerWalked: "The seller has walked away. No deal.",
  timeUp: "Out of time: the last round passed without a deal.",
  priceMissing: "Your offer had no usable price, so half your budget was offered.",
  priceClamped: (price: number) =>
    `Offers must lie between 0 and your budget; yours was treated as ${formatRupees(price)}.`,
  dealAt: (price: number) => `Deal closed at ${formatRupees(price)}.`,
} as const;

/** A plain seller line used when the rules guard rewrites a move, so the words match the price. */
export function restatedLine(action: SellerMove, price: number | null): string {
  if (action === "accept" && price !== null) return `Okay, ${formatRupees(price)} it is. Deal.`;
  if (action === "counter" && price !== null)
    return `I can do ${formatRupees(price)}, and that is as far as I go today.`;
  return "No, I'll leave it here. Maybe another time.";
}
