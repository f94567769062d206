import { clamp, round2 } from "../env/money";
import type { Observation } from "../env/observation";
import { rngFor } from "../env/prng";
import { guardOffer, type MoveProposal, spokenAct } from "./buyer-move";
import { type BuyerContext, type BuyerPolicy, currentAsk } from "./buyer-policy";

/**
 * The rule baselines of REFERENCE §8.5. The current variants read the seller's standing ask
 * (D20) and pass the offer guard; the `-legacy` variants keep the original's opening-ask
 * formulas and no guard, so published numbers stay reproducible.
 */
export type RuleName = "naive" | "aggressive" | "smart" | "sft";
type Rule = (obs: Observation, ask: number, ctx: BuyerContext) => MoveProposal;

const offer = (price: number): MoveProposal => ({ type: "offer", price: round2(price) });
const ACCEPT: MoveProposal = { type: "accept" };
const WALK: MoveProposal = { type: "walk" };

const naive: Rule = (obs, ask) => {
  const rnd = obs.current_round;
  if (rnd === 0) return offer(0.8 * ask);
  if (rnd >= 2) return ACCEPT;
  return offer(0.85 * ask);
};

const aggressive: Rule = (obs) => {
  const target = 0.35 * obs.own_private_budget;
  const rnd = obs.current_round;
  if (rnd === 0) return offer(0.7 * target);
  if (currentAsk(obs) <= 1.1 * target) return ACCEPT;
  if (obs.rounds_remaining <= 1) return WALK;
  return offer(Math.min(target * (0.7 + 0.05 * rnd), target));
};

const smart: Rule = (obs, ask) => {
  const B = obs.own_private_budget;
  const rnd = obs.current_round;
  const opp = currentAsk(obs);
  if (rnd === 0) return offer(0.4 * ask);
  const move = (obs.seller_last_move_delta ?? 0) > 0.05 * ask ? 0.02 * B : 0.05 * B;
  let next = (obs.own_last_offer ?? 0.4 * ask) + move;
  const deadline = obs.own_private_deadline;
  if (deadline !== null && rnd >= deadline) return ACCEPT;
  if (deadline !== null && rnd >= deadline - 1) next = Math.min(0.95 * opp, 0.7 * B);
  if (opp <= 0.55 * B) return ACCEPT;
  if (obs.rounds_remaining <= 1) return opp > 0.75 * B ? WALK : ACCEPT;
  if ((obs.tells?.verbal_deception_cue ?? 0) > 0.4) next *= 0.92;
  if ((obs.career_history?.capitulation_rate ?? 0) > 0.3) next *= 0.95;
  return offer(Math.min(Math.max(next, 0.3 * ask), 0.7 * B));
};

/** The eval/SFT rule buyer: random step toward the ask (draws from the "buyer" stream only). */
const sft: Rule = (obs, ask, ctx) => {
  const B = obs.own_private_budget;
  if (ask <= 0.5 * B) return ACCEPT;
  if (ask > B) return WALK;
  const rng = rngFor(ctx.seed, "buyer", ctx.episode, obs.current_round);
  const last = obs.own_last_offer;
  const price =
    obs.current_round === 0 || last === null
      ? ask * rng.uniform(0.25, 0.4)
      : last + (ask - last) * rng.uniform(0.2, 0.35);
  return offer(clamp(price, 1, 0.8 * B));
};

const RULES: Record<RuleName, Rule> = { naive, aggressive, smart, sft };

/** A current rule buyer's move before it is spoken (guarded), for buyers built on a rule. */
export const ruleProposal = (name: RuleName, obs: Observation, ctx: BuyerContext): MoveProposal =>
  guardOffer(obs, RULES[name](obs, currentAsk(obs), ctx));
export const RULE_NAMES = Object.keys(RULES) as RuleName[];

export function ruleBuyer(name: RuleName, opts: { legacy?: boolean } = {}): BuyerPolicy {
  const rule = RULES[name];
  const legacy = opts.legacy === true;
  return {
    id: `rule:${name}${legacy ? "-legacy" : ""}`,
    promptHash: null,
    act: async (obs, ctx) => {
      const ask = legacy ? obs.seller_asking_price : currentAsk(obs);
      const proposed = rule(obs, ask, ctx);
      const move = legacy ? legacyClamp(obs, proposed) : guardOffer(obs, proposed);
      return spokenAct(obs, ctx, move);
    },
  };
}

/** The original's moves unguarded, only kept inside the budget so the env never penalises them. */
function legacyClamp(obs: Observation, p: MoveProposal): MoveProposal {
  if (p.type !== "offer") return p;
  return { type: "offer", price: round2(clamp(p.price ?? 0, 0.01, obs.own_private_budget)) };
}
