import { rupees } from "./money";

/**
 * Why an offer should not be sent, in words, or null when it is fine. The server caps an offer
 * at the budget and would happily take more than the seller asks; a person typing ₹100000
 * against a ₹60 ask means something else, so the page asks before sending.
 */
export function offerProblem(price: number, budget: number, ask: number | null): string | null {
  if (!Number.isFinite(price) || price < 0) return "Name your price first: a number of rupees, zero or more.";
  if (price > budget)
    return `That is over your budget of ${rupees(budget)}. Offer ${rupees(budget)} or less.`;
  if (ask !== null && price >= ask)
    return `The seller only asks ${rupees(ask)}: offering ${rupees(price)} would pay more than asked. Press Accept to take ${rupees(ask)}, or offer less.`;
  return null;
}
