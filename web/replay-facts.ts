import type { EpisodeView, SellerEpisodeView } from "./api";
import { rupees } from "./money";
import type { ReplayModel } from "./replay-model";
import type { SellerReplayModel } from "./seller-replay-model";

export type Fact = [string, string];

function outcomeWords(outcome: string | null, price: number | null): string {
  if (outcome === null) return "not finished yet";
  if (outcome === "deal" && price !== null) return `deal at ${rupees(price)}`;
  return outcome === "walk" ? "no deal (walked away)" : "no deal (time ran out)";
}

/** A buyer-role episode's facts: the buyer's chair, the seller's numbers once revealed. */
export function buyerFacts(view: EpisodeView, model: ReplayModel, evalRun: string | null): Fact[] {
  const r = view.record;
  const rows: Fact[] = [
    ["Stall", view.task.replace(/_/g, " ")],
    ["Seller", `${view.seller.id}@${view.seller.version}`],
    ["Seed", String(view.seed)],
    ...(evalRun === null ? [] : ([["Eval run", evalRun]] as Fact[])),
    ["Outcome", outcomeWords(r?.outcome ?? null, r?.agreed_price ?? null)],
  ];
  if (model.budget !== null) rows.push(["Buyer's budget", rupees(model.budget)]);
  if (model.hidden !== null) {
    rows.push(
      ["Seller's floor", rupees(model.hidden.reservation)],
      ["Seller's cost", rupees(model.hidden.cost)],
    );
  }
  if (view.summary.score !== null) rows.push(["Score", view.summary.score.toFixed(3)]);
  if (view.branched_from !== null) rows.push(["What-if of", view.branched_from]);
  return rows;
}

/**
 * A seller-role episode's facts, from the seller's chair: its own brief, then the outcome, bonus
 * and score exactly as the server recorded them (no maths here), and the buyer's budget once over.
 */
export function sellerFacts(view: SellerEpisodeView, model: SellerReplayModel): Fact[] {
  const brief = view.seller_view.brief;
  const r = view.seller_result;
  const rows: Fact[] = [
    ["Stall", view.task.replace(/_/g, " ")],
    ["Buyer", `${view.buyer.id}@${view.buyer.version}`],
    ["Persona played", brief.persona],
    ["Seed", String(view.seed)],
    ["Seller's ask", rupees(brief.ask_price)],
    ["Seller's reservation", rupees(brief.reservation)],
    ["Seller's cost", rupees(brief.cost)],
    ["Outcome", outcomeWords(r?.outcome ?? null, r?.agreed_price ?? null)],
  ];
  if (r !== null) {
    rows.push(["Bonus", rupees(r.bonus)], ["Score", r.score.toFixed(3)]);
    if (r.below_reservation) rows.push(["Below the reservation by", rupees(-r.profit_over_reservation)]);
  }
  rows.push([
    "Buyer's budget",
    model.budget === null ? "hidden until the sale is over" : rupees(model.budget),
  ]);
  if (view.branched_from !== null) rows.push(["What-if of", view.branched_from]);
  return rows;
}
