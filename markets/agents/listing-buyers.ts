import type { BuyerPolicy } from "../../buyers/buyer-policy";
import { expectedValueBuyer } from "../../buyers/expected-value-buyer";
import { type RuleName, ruleBuyer } from "../../buyers/rule-buyers";
import { type TimeBuyerName, timeBuyer } from "../../buyers/time-based-buyers";
import type { ListingAction } from "../listing/listing-market";
import type { ListingAgentView } from "../views";
import type { ListingBuyerAgent } from "./agent-policy";

/**
 * A listing buyer that negotiates with one of buyers/' policies, unchanged: its thread's
 * observation is the same shape a single-episode buyer reads, with the budget set to the
 * agent's own private value. It passes when the ask is far beyond what the unit is worth.
 */
export const PASS_BELOW_ASK_SHARE = 0.5;

export function negotiatingBuyer(id: string, buyer: BuyerPolicy): ListingBuyerAgent {
  return {
    role: "listing_buyer",
    id,
    policy: buyer.id,
    decide(view, value) {
      const opened = view.tape.find((t) => t.kind === "listing_opened");
      const ask = opened?.kind === "listing_opened" ? opened.ask : Number.POSITIVE_INFINITY;
      return value < PASS_BELOW_ASK_SHARE * ask ? { engage: false, reason: "over_budget" } : { engage: true };
    },
    async move(view: ListingAgentView, value, ctx): Promise<ListingAction> {
      const thread = view.me.thread;
      if (thread === null) throw new Error(`${id} moved in a market it did not engage in`);
      const obs = { ...thread.observation, own_private_budget: value };
      const { action } = await buyer.act(obs, { seed: ctx.seed, episode: ctx.market, step: ctx.step });
      const message = action.message ?? "";
      if (action.type === "offer")
        return { type: "offer", price: action.price ?? obs.own_last_offer ?? 1, message };
      return { type: action.type, message };
    },
  };
}

/** The eval buyers a simulation fields, by spec. */
export const LISTING_BUYER_SPECS = [
  "rule:smart",
  "rule:naive",
  "rule:aggressive",
  "ev:floor-model",
  "time:boulware",
] as const;
export type ListingBuyerSpec = (typeof LISTING_BUYER_SPECS)[number];

export function listingBuyer(id: string, spec: ListingBuyerSpec): ListingBuyerAgent {
  if (spec === "ev:floor-model") return negotiatingBuyer(id, expectedValueBuyer());
  if (spec.startsWith("time:")) return negotiatingBuyer(id, timeBuyer(spec.slice(5) as TimeBuyerName));
  return negotiatingBuyer(id, ruleBuyer(spec.slice(5) as RuleName));
}
