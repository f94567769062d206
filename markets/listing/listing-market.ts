import { stepEpisode } from "../../env/episode-step";
import { round2 } from "../../env/money";
import { rngFor } from "../../env/prng";
import { redactHidden } from "../../env/reservation-leak";
import { type SellerPolicy, sellerKey } from "../../env/seller-policy";
import { MarketError } from "../errors";
import {
  lastSeq,
  type PassReason,
  requireBeforeDeadline,
  requireEngaged,
  requireRostered,
  requireUndecided,
  seenKey,
} from "../participation";
import type { ListingEvent, ListingOpenedEvent, ThreadStepEvent } from "./listing-events";
import { applyListing, type ListingState, listingStart } from "./listing-state";

/** Longest message a buyer may send in a thread (the domain's cap; the shell's body limit is separate). */
export const MAX_MESSAGE_CHARS = 1000;

export interface ListingSpec {
  market_id: string;
  seed: number;
  seller_account: string;
  item: { name: string; category: string | null };
  units: number;
  cost: number;
  anchor_base: number;
  rounds: number;
  opened_at: number;
  deadline: number;
  roster: readonly string[];
}

/** Open a listing: the seller policy opens once, and every thread starts from that opening. */
export function openListing(spec: ListingSpec, seller: SellerPolicy): ListingState {
  if (spec.deadline <= spec.opened_at)
    throw new MarketError("INVALID", "the deadline must be after the opening");
  if (new Set(spec.roster).size !== spec.roster.length)
    throw new MarketError("INVALID", "the roster repeats an agent");
  const opening = seller.open(
    {
      itemName: spec.item.name,
      cost: spec.cost,
      anchorBase: spec.anchor_base,
      rounds: spec.rounds,
      concessionRate: 0.08,
      inventory: spec.units,
      batnaProbability: 0,
      buyerCapitulationRate: 0,
    },
    { decision: rngFor(spec.seed, "seller", 0, 0), phrasing: rngFor(spec.seed, "phrasing", 0, 0) },
  );
  const reservation = round2(opening.reservation);
  // The opening line passes the same text rule as episodes' openings: it never states the
  // reservation or the cost; the opening ask is its own public price.
  const message = redactHidden(opening.message, [reservation, spec.cost], round2(opening.anchor)).text;
  const ev: ListingOpenedEvent = {
    type: "listing_opened",
    seq: 1,
    at: spec.opened_at,
    market_id: spec.market_id,
    seed: spec.seed,
    seller: seller.ref,
    seller_account: spec.seller_account,
    persona: seller.persona,
    item: spec.item,
    units: spec.units,
    anchor: round2(opening.anchor),
    reservation,
    cost: spec.cost,
    max_rounds: opening.maxRounds,
    message,
    memory: opening.memory,
    deadline: spec.deadline,
    roster: [...spec.roster],
  };
  return listingStart(ev);
}

export type ListingAction =
  | { type: "engage" }
  | { type: "pass"; reason: PassReason }
  | { type: "offer"; price: number; message?: string }
  | { type: "accept"; message?: string }
  | { type: "walk"; message?: string };

export interface ListingCommand {
  agent: string;
  action: ListingAction;
  client_key?: string | null;
}

function requireSeller(s: ListingState, seller: SellerPolicy): void {
  const want = s.opened.seller;
  if (sellerKey(seller.ref) !== sellerKey(want) || seller.ref.hash !== want.hash)
    throw new MarketError("INVALID", `this market is pinned to ${sellerKey(want)}#${want.hash}`);
}

function validateMove(a: ListingAction): void {
  if (a.type === "engage" || a.type === "pass") return;
  if (a.message !== undefined && a.message.length > MAX_MESSAGE_CHARS)
    throw new MarketError("OVERSIZE", `a message is at most ${MAX_MESSAGE_CHARS} characters`);
  if (a.type === "offer" && !(Number.isFinite(a.price) && a.price > 0))
    throw new MarketError("INVALID", "an offer needs a positive, finite price");
}

/** Append one event through the reducer and return it. */
function emit<E extends ListingEvent>(s: ListingState, ev: E, threadStepped = false): E {
  applyListing(s, ev, threadStepped);
  return ev;
}

/**
 * One agent action. Every check runs before anything changes: a refused action throws a
 * MarketError and leaves the state as it was. A repeated client key returns no events.
 */
export function actListing(
  s: ListingState,
  cmd: ListingCommand,
  now: number,
  seller: SellerPolicy,
): ListingEvent[] {
  const { agent, action } = cmd;
  const key = cmd.client_key ?? null;
  requireRostered(s.part, agent);
  if (seenKey(s.part, agent, key)) return [];
  requireBeforeDeadline(s.status === "open", s.opened.deadline, now);
  requireSeller(s, seller);
  validateMove(action);
  const base = { at: now, agent, client_key: key };
  if (action.type === "engage" || action.type === "pass") {
    requireUndecided(s.part, agent);
    const seq = lastSeq(s) + 1;
    return [
      action.type === "engage"
        ? emit(s, { type: "engaged", seq, ...base })
        : emit(s, { type: "passed", seq, ...base, reason: action.reason }),
    ];
  }
  requireEngaged(s.part, agent);
  const thread = s.threads.get(agent)!;
  if (thread.done) throw new MarketError("THREAD_CLOSED", "this negotiation is over");
  const before = thread.events.length;
  stepEpisode(
    thread,
    {
      type: action.type,
      ...(action.type === "offer" ? { price: action.price } : {}),
      message: action.message ?? "",
    },
    { seller, grade: null },
  );
  const [buyer, reply] = thread.events.slice(before);
  const step: ThreadStepEvent = {
    type: "thread_step",
    seq: lastSeq(s) + 1,
    ...base,
    buyer: buyer as ThreadStepEvent["buyer"],
    seller: (reply as ThreadStepEvent["seller"] | undefined) ?? null,
  };
  const out: ListingEvent[] = [emit(s, step, true)];
  if (thread.outcome === "deal" && thread.agreedPrice !== null)
    out.push(...strike(s, agent, thread.agreedPrice, "thread", now));
  return out;
}

function strike(
  s: ListingState,
  agent: string,
  price: number,
  via: "thread" | "close",
  now: number,
): ListingEvent[] {
  const out: ListingEvent[] = [
    emit(s, { type: "deal", seq: lastSeq(s) + 1, at: now, agent, price, unit: s.deals.length + 1, via }),
  ];
  if (s.deals.length >= s.opened.units && s.status === "open")
    out.push(emit(s, { type: "listing_closed", seq: lastSeq(s) + 1, at: now, reason: "sold_out" }));
  return out;
}

/**
 * Advance the clock. At the deadline the seller side closes with the best standing offers at
 * or above its reservation (highest price first, then the earlier offer by sequence number),
 * up to the units left; every other thread ends without a deal.
 */
export function tickListing(s: ListingState, now: number): ListingEvent[] {
  if (s.status !== "open" || now < s.opened.deadline) return [];
  const dealt = new Set(s.deals.map((d) => d.agent));
  const standing: { agent: string; price: number; seq: number }[] = [];
  for (const [agent, t] of s.threads) {
    if (dealt.has(agent) || t.outcome === "walk" || t.lastBuyerOffer === null) continue;
    if (t.lastBuyerOffer >= s.opened.reservation)
      standing.push({ agent, price: t.lastBuyerOffer, seq: s.lastOfferSeq.get(agent) ?? 0 });
  }
  standing.sort((a, b) => b.price - a.price || a.seq - b.seq);
  const out: ListingEvent[] = [];
  for (const o of standing.slice(0, s.opened.units - s.deals.length))
    out.push(...strike(s, o.agent, o.price, "close", now));
  if (s.status === "open")
    out.push(emit(s, { type: "listing_closed", seq: lastSeq(s) + 1, at: now, reason: "deadline" }));
  return out;
}
