import { clamp01 } from "../env/money";
import type { Observation } from "../env/observation";
import { guardOffer, type MoveProposal, spokenAct } from "./buyer-move";
import { type BuyerPolicy, currentAsk } from "./buyer-policy";

/**
 * Time-dependent buyers in the GENIUS convention: the concession f(t) = k + (1 − k)·t^(1/e)
 * moves the bid from `openFraction` of the opening ask up to the limit (the standing ask,
 * never above the budget). e < 1 concedes late (Boulware), e = 1 linearly, e > 1 early
 * (Conceder). The buyer accepts as soon as the standing ask is no more than its next bid.
 */
export interface TimeBuyerParams {
  e: number;
  k: number;
  openFraction: number;
}

export const TIME_BUYERS = {
  boulware: { e: 0.2, k: 0, openFraction: 0.4 },
  linear: { e: 1, k: 0, openFraction: 0.4 },
  conceder: { e: 2, k: 0, openFraction: 0.4 },
} as const satisfies Record<string, TimeBuyerParams>;
export type TimeBuyerName = keyof typeof TIME_BUYERS;

export function concession(t: number, p: Pick<TimeBuyerParams, "e" | "k">): number {
  return p.k + (1 - p.k) * clamp01(t) ** (1 / p.e);
}

/** The time-based move on an observation, synchronous (market rivals play it on virtual time). */
export function timeMove(obs: Observation, params: TimeBuyerParams): MoveProposal {
  const ask = currentAsk(obs);
  const limit = Math.min(ask, obs.own_private_budget);
  const open = Math.min(params.openFraction * obs.seller_asking_price, limit);
  // The last decision of an episode is round max_rounds − 1: t reaches 1 there.
  const t = obs.max_rounds <= 1 ? 1 : obs.current_round / (obs.max_rounds - 1);
  const bid = open + (limit - open) * concession(t, params);
  if (ask <= bid) return ask <= obs.own_private_budget ? { type: "accept" } : { type: "walk" };
  return guardOffer(obs, { type: "offer", price: bid });
}

export function timeBuyer(name: TimeBuyerName, params: TimeBuyerParams = TIME_BUYERS[name]): BuyerPolicy {
  return {
    id: `time:${name}`,
    promptHash: null,
    act: async (obs, ctx) => spokenAct(obs, ctx, timeMove(obs, params)),
  };
}
