import { round2 } from "../env/money";
import type { Observation } from "../env/observation";
import { type MoveProposal, spokenAct } from "./buyer-move";
import { type BuyerPolicy, currentAsk } from "./buyer-policy";

/**
 * One-line strategies: sanity floors a game worth learning must keep low (game v2 bar: ≤ 0.5).
 * They skip the offer guard on purpose — "offer 0 every round" is the point of the first one.
 */
export type StrategyName = "offer-0-accept-last" | "accept-first" | "split-the-difference";

const isLast = (obs: Observation): boolean => obs.rounds_remaining <= 1;

const STRATEGIES: Record<StrategyName, (obs: Observation) => MoveProposal> = {
  // Offer nothing, then take whatever is on the table at the last chance.
  "offer-0-accept-last": (obs) => (isLast(obs) ? { type: "accept" } : { type: "offer", price: 0 }),
  // Take the opening ask.
  "accept-first": () => ({ type: "accept" }),
  // Half the ask, then always halfway between the own last offer and the ask; accept at the last chance.
  "split-the-difference": (obs) => {
    const ask = currentAsk(obs);
    if (isLast(obs)) return { type: "accept" };
    const last = obs.own_last_offer;
    const price = last === null ? 0.5 * ask : (last + ask) / 2;
    return { type: "offer", price: round2(Math.min(price, obs.own_private_budget)) };
  },
};

export const STRATEGY_NAMES = Object.keys(STRATEGIES) as StrategyName[];

export function strategyBuyer(name: StrategyName): BuyerPolicy {
  const rule = STRATEGIES[name];
  return {
    id: `strategy:${name}`,
    promptHash: null,
    act: async (obs, ctx) => spokenAct(obs, ctx, rule(obs)),
  };
}
