import { round2 } from "../../env/money";
import { type Rng, rngFor } from "../../env/prng";
import type { SellerType } from "../../env/seller-type";

/** A closed interval a per-seed value is drawn from (uniformly unless the field says otherwise). */
export interface Range {
  lo: number;
  hi: number;
}

/**
 * A v2 task's documented distributions (docs/game.md tabulates them). Economics are drawn per
 * episode from the "economics" stream; the seller type once per run from the "seller_type"
 * stream, so a career faces one seller whose type it can learn.
 */
export interface TaskDraws {
  /** Seller cost in rupees (bazaar items); listing tasks scale the listing's own cost by `listingCostFactor`. */
  cost: Range;
  listingCostFactor: Range;
  /** Opening ask = the seller's floor × this. */
  askOverFloor: Range;
  /** Buyer budget = opening ask × this, and never below 1.1 × the floor (a deal always exists). */
  budgetOverAsk: Range;
  /** Rounds of each episode (integer, inclusive). */
  rounds: Range;
  /** The buyer's private deadline in rounds (integer, inclusive), for tasks that have one. */
  deadline: Range | null;
  type: {
    margin: Range;
    patience: Range;
    /** Drawn log-uniformly: Boulware (< 1) and Conceder (> 1) equally likely around 1. */
    concession: Range;
    reactivity: Range;
    walk_risk: Range;
    bluff_rate: Range;
    stock_pressure: Range;
  };
}

export interface DrawnEconomics {
  cost: number;
  anchorBase: number;
  budget: number;
  rounds: number;
  deadline: number | null;
}

const uniform = (rng: Rng, r: Range): number => rng.uniform(r.lo, r.hi);
const integer = (rng: Rng, r: Range): number => r.lo + rng.int(r.hi - r.lo + 1);
const round3 = (x: number): number => Math.round(x * 1000) / 1000;

/** The hidden type of the run's seller: one draw per seed, in a fixed field order. */
export function drawSellerType(d: TaskDraws, seed: number): SellerType {
  const rng = rngFor(seed, "seller_type", 1, 0);
  const t = d.type;
  return {
    margin: round3(uniform(rng, t.margin)),
    patience: round3(uniform(rng, t.patience)),
    concession: round3(Math.exp(rng.uniform(Math.log(t.concession.lo), Math.log(t.concession.hi)))),
    reactivity: round3(uniform(rng, t.reactivity)),
    walk_risk: round3(uniform(rng, t.walk_risk)),
    bluff_rate: round3(uniform(rng, t.bluff_rate)),
    stock_pressure: round3(uniform(rng, t.stock_pressure)),
  };
}

/**
 * Budget, cost, opening ask, horizon and deadline of one episode. `listingCost`/`listPrice`
 * come from the sampled product on listing tasks (the ask never sits below the list price there).
 */
export function drawEconomics(
  d: TaskDraws,
  type: SellerType,
  seed: number,
  episode: number,
  listing: { cost: number; listPrice: number } | null,
): DrawnEconomics {
  const rng = rngFor(seed, "economics", episode, 0);
  const costDraw = uniform(rng, d.cost);
  const factor = uniform(rng, d.listingCostFactor);
  const askRatio = uniform(rng, d.askOverFloor);
  const budgetRatio = uniform(rng, d.budgetOverAsk);
  const rounds = integer(rng, d.rounds);
  const deadline = d.deadline === null ? null : Math.min(rounds, integer(rng, d.deadline));
  const cost = round2(listing === null ? costDraw : listing.cost * factor);
  const floor = cost * (1 + type.margin);
  const ask = listing === null ? floor * askRatio : Math.max(listing.listPrice, floor * askRatio);
  const budget = Math.max(ask * budgetRatio, 1.1 * floor);
  return { cost, anchorBase: round2(ask), budget: round2(budget), rounds, deadline };
}
