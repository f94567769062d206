import type { Action } from "../env/action";
import { round2 } from "../env/money";
import type { Observation } from "../env/observation";
import { deriveSeed, rngFor } from "../env/prng";
import { renderBuyerLine } from "./buyer-lines";
import { actionJson, type BuyerAct, type BuyerContext, currentAsk } from "./buyer-policy";
import type { BuyerDecision } from "./steering";

export interface MoveProposal {
  type: "offer" | "accept" | "walk";
  price?: number | null;
}

/**
 * The offer guard every current buyer passes its move through: an offer never retreats below
 * the buyer's own last offer (the original's buyers agreed to a price, then offered less),
 * never exceeds the budget, and an offer at or above the standing ask becomes an accept —
 * the seller would take the bid, so accepting the lower ask is strictly better.
 */
export function guardOffer(obs: Observation, p: MoveProposal): MoveProposal {
  if (p.type !== "offer") return { type: p.type, price: null };
  let price = p.price ?? currentAsk(obs) * 0.5;
  if (obs.own_last_offer !== null && price < obs.own_last_offer) price = obs.own_last_offer;
  price = Math.min(price, obs.own_private_budget);
  price = Math.max(round2(price), 0.01);
  if (price >= currentAsk(obs)) return { type: "accept", price: null };
  return { type: "offer", price };
}

/** A seed stream for buyer phrasing that never shares draws with a buyer's decisions. */
export function phrasingRng(ctx: BuyerContext, round: number) {
  return rngFor(deriveSeed(ctx.seed, "buyer-lines"), "buyer", ctx.episode, round);
}

/** Render a buyer line for a decision, preferring lines the buyer has not said yet in this episode. */
export function buyerLine(obs: Observation, ctx: BuyerContext, d: BuyerDecision): string {
  const used = new Set(obs.dialogue.filter((t) => t.speaker === "buyer").map((t) => t.message));
  return renderBuyerLine(d, {
    ask: currentAsk(obs),
    turnIndex: obs.current_round,
    maxTurns: obs.max_rounds,
    rng: phrasingRng(ctx, obs.current_round),
    used,
  });
}

/** Turn a (guarded) move into a spoken action. */
export function spokenAct(obs: Observation, ctx: BuyerContext, p: MoveProposal, message?: string): BuyerAct {
  const price = p.type === "offer" ? round2(p.price as number) : null;
  const d: BuyerDecision = { type: p.type, price, message: "" };
  const action: Action = {
    type: p.type,
    ...(p.type === "offer" ? { price } : {}),
    message: message ?? buyerLine(obs, ctx, d),
  };
  return { action, parseError: false, rawText: actionJson(action) };
}
