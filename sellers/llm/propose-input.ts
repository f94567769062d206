import type { Action } from "../../env/action";
import { buyerFact } from "../../env/episode-step";
import { rngFor } from "../../env/prng";
import type { RunState } from "../../env/run";
import type { LlmProposeInput } from "./llm-seller";

/**
 * The turn input the engine will hand its seller for `action`, computed before the step so
 * an async seller can propose first: same round, clamped offer, quotes, memory and random
 * streams. Null when the seller will not be asked (the buyer accepts or walks, or the
 * episode is over).
 */
export function proposeInputFor(run: RunState, action: Action): LlmProposeInput | null {
  const s = run.episode;
  if (s.done || action === null || typeof action !== "object" || action.type !== "offer") return null;
  const fact = buyerFact(s, action);
  const { seed, episode } = s.spec;
  return {
    round: fact.round,
    maxRounds: s.maxRounds,
    buyerOffer: fact.price as number,
    buyerMessage: fact.message,
    itemName: s.spec.item.name,
    anchor: s.anchor,
    reservation: s.reservation,
    cost: s.spec.seller_cost,
    lastQuote: s.lastQuote,
    counters: [...s.counters],
    memory: s.memory,
    dialogue: [...s.dialogue],
    rngs: {
      decision: rngFor(seed, "seller", episode, fact.round),
      phrasing: rngFor(seed, "phrasing", episode, fact.round),
    },
    listing: { category: s.spec.item.category },
  };
}
