import type { DealOutcome } from "../src/wire/env-types";
import { percent, rupees } from "./money";

export interface VerdictInput {
  outcome: DealOutcome;
  agreedPrice: number | null;
  budget: number;
  /** Revealed after the end; null when the server did not reveal them. */
  cost: number | null;
  reservation: number | null;
  /** Who left, when the outcome is a walk. */
  walkedBy?: "buyer" | "seller";
}

export interface Verdict {
  headline: string;
  detail: string;
  /** Share of the room between budget and seller cost the buyer kept; null without a deal. */
  share: number | null;
}

/** A short, honest account of how the haggle went, in the shopkeeper's terms. */
export function verdict(v: VerdictInput): Verdict {
  const floor = v.reservation;
  if (v.outcome === "deal" && v.agreedPrice !== null) {
    const paid = v.agreedPrice;
    const share =
      v.cost !== null && v.budget > v.cost
        ? Math.min(1, Math.max(0, (v.budget - paid) / (v.budget - v.cost)))
        : null;
    const headline =
      share === null
        ? `You bought it for ${rupees(paid)}.`
        : share >= 0.6
          ? "A sharp bargain!"
          : share >= 0.35
            ? "A fair deal."
            : "The seller did nicely out of that one.";
    const bits = [`You paid ${rupees(paid)} against a budget of ${rupees(v.budget)}.`];
    if (floor !== null) {
      const gap = paid - floor;
      bits.push(
        gap > 0.005
          ? `The seller would have gone down to ${rupees(floor)}, so ${rupees(gap)} was still on the table.`
          : `That is right at the seller's floor of ${rupees(floor)}; there was nothing more to squeeze.`,
      );
    }
    if (v.cost !== null && share !== null) {
      bits.push(
        `It cost them ${rupees(v.cost)}; you kept ${percent(share)} of the room between their cost and your budget.`,
      );
    }
    return { headline, detail: bits.join(" "), share };
  }
  const possible = floor !== null && floor <= v.budget;
  const why =
    floor === null
      ? ""
      : possible
        ? ` The seller's floor was ${rupees(floor)}, inside your budget of ${rupees(v.budget)}, so a deal was there to be had.`
        : ` The seller's floor was ${rupees(floor)}, above your budget of ${rupees(v.budget)}: no deal was possible, so leaving was wise.`;
  if (v.outcome === "walk") {
    const headline =
      v.walkedBy === "seller"
        ? "The seller waved you off."
        : v.walkedBy === "buyer"
          ? "You walked away."
          : "No deal.";
    return { headline, detail: `Nothing changed hands.${why}`, share: null };
  }
  if (v.outcome === "sold_out") {
    return {
      headline: "Sold out.",
      detail: `Another buyer took the last unit while you were still haggling.${why}`,
      share: null,
    };
  }
  return { headline: "Time ran out.", detail: `The rounds ran out before you agreed.${why}`, share: null };
}
