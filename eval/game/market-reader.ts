import { guardOffer, spokenAct } from "../../buyers/buyer-move";
import { type BuyerPolicy, currentAsk } from "../../buyers/buyer-policy";
import type { Observation } from "../../env/observation";

/**
 * How much reading the market section is worth (marketplace_arena@4): a scripted buyer plays
 * as usual, except when the public tape says the units are running out: rivals buy in bursts,
 * so when the sales of the last `window` rounds are at least the units left, it closes now — it
 * offers the standing ask (an accept) if within its budget. With no market section it is
 * exactly the base buyer, so the paired difference measures the market section alone.
 */
export const MARKET_READER_WINDOW = 3;

export function scarce(obs: Observation, window: number): boolean {
  const m = obs.market;
  if (m === undefined || m.sales.length === 0) return false;
  const recent = m.sales.filter((s) => s.round > obs.current_round - window).length;
  return recent >= m.units_left;
}

export function marketReader(base: BuyerPolicy, window = MARKET_READER_WINDOW): BuyerPolicy {
  return {
    id: `${base.id}+market`,
    promptHash: base.promptHash,
    act: async (obs, ctx) => {
      const planned = await base.act(obs, ctx);
      if (planned.action.type !== "offer" || !scarce(obs, window)) return planned;
      const ask = currentAsk(obs);
      if (ask > obs.own_private_budget) return planned;
      return spokenAct(obs, ctx, guardOffer(obs, { type: "offer", price: ask }));
    },
  };
}
