import { applyEvent, type EpisodeState, startState } from "../../env/episode-state";
import type { EpisodeStartedEvent } from "../../env/events";
import { deriveSeed } from "../../env/prng";
import { applyDecision, lastSeq, newParticipation, type Participation } from "../participation";
import type { DealEvent, ListingEvent, ListingOpenedEvent, ThreadStepEvent } from "./listing-events";

export interface ListingState {
  readonly kind: "listing";
  opened: ListingOpenedEvent;
  events: ListingEvent[];
  status: "open" | "closed";
  part: Participation;
  /** One negotiation per engaged buyer, each a plain env episode against the same opening. */
  threads: Map<string, EpisodeState>;
  /** Sequence number of each thread's latest buyer offer: the deadline close ranks ties by it. */
  lastOfferSeq: Map<string, number>;
  deals: DealEvent[];
}

/**
 * A thread is an episode that starts from the market's one opening (same ask, same
 * reservation for everyone) with its own seed, so one buyer's moves never shift the seller's
 * draws in another buyer's thread.
 */
export function threadStart(o: ListingOpenedEvent, agent: string): EpisodeStartedEvent {
  return {
    type: "episode_started",
    spec: {
      episode_id: `${o.market_id}:${agent}`,
      task_id: "market_listing",
      task_version: "1",
      seed: deriveSeed(o.seed, `thread:${agent}`),
      episode: 1,
      total_episodes: 1,
      item: { name: o.item.name, category: o.item.category, listing_id: o.market_id },
      // Offers above the ask are pointless; the buyer's real value stays with the buyer.
      buyer_budget: o.anchor,
      seller_cost: o.cost,
      anchor_base: o.anchor,
      rounds: o.max_rounds,
      concession_rate: 0,
      inventory: o.units,
      batna_probability: 0,
      buyer_deadline: null,
      reveal_personality: false,
      enable_tells: false,
      history_window: 0,
      reward_mode: "shaped",
      enable_career: false,
      career: null,
    },
    seller: o.seller,
    persona: o.persona,
    anchor: o.anchor,
    reservation: o.reservation,
    max_rounds: o.max_rounds,
    inventory_pressure: 0.5,
    message: o.message,
    memory: o.memory,
  };
}

export function listingStart(o: ListingOpenedEvent): ListingState {
  return {
    kind: "listing",
    opened: o,
    events: [o],
    status: "open",
    part: newParticipation(o.roster),
    threads: new Map(),
    lastOfferSeq: new Map(),
    deals: [],
  };
}

/** Bookkeeping of a thread step whose env events are already in the thread. */
export function noteThreadStep(s: ListingState, ev: ThreadStepEvent): void {
  if (ev.buyer.action === "offer") s.lastOfferSeq.set(ev.agent, ev.seq);
  if (ev.client_key !== null) s.part.keys.add(`${ev.agent}\u0000${ev.client_key}`);
}

/** The reducer. `threadStepped` is set by the live path, which has already stepped the thread. */
export function applyListing(s: ListingState, ev: ListingEvent, threadStepped = false): void {
  if (ev.type === "listing_opened") throw new Error("listing_opened only begins a log");
  if (ev.seq !== lastSeq(s) + 1) throw new Error(`event seq ${ev.seq} does not follow ${lastSeq(s)}`);
  s.events.push(ev);
  switch (ev.type) {
    case "engaged":
      applyDecision(s.part, ev);
      s.threads.set(ev.agent, startState(threadStart(s.opened, ev.agent)));
      return;
    case "passed":
      applyDecision(s.part, ev);
      return;
    case "thread_step": {
      if (!threadStepped) {
        const t = s.threads.get(ev.agent);
        if (t === undefined) throw new Error(`thread step for ${ev.agent}, who never engaged`);
        applyEvent(t, ev.buyer, null);
        if (ev.seller !== null) applyEvent(t, ev.seller, null);
      }
      noteThreadStep(s, ev);
      return;
    }
    case "deal":
      s.deals.push(ev);
      return;
    case "listing_closed":
      s.status = "closed";
      return;
  }
}

export function replayListing(events: readonly ListingEvent[]): ListingState {
  const [first, ...rest] = events;
  if (first === undefined || first.type !== "listing_opened")
    throw new Error("a listing log starts with listing_opened");
  const s = listingStart(first);
  for (const ev of rest) applyListing(s, ev);
  return s;
}
