import { timeMove } from "../../buyers/time-based-buyers";
import type { EpisodeStartedEvent } from "../../env/events";
import type { MarketFeed, MarketSale, MarketTerms } from "../../env/market/market-section";
import { round2 } from "../../env/money";
import { deriveSeed, rngFor } from "../../env/prng";
import type { SellerPolicy } from "../../env/seller-policy";
import { ArrivalQueue, tieBreakKey } from "../arrivals";
import { MarketError } from "../errors";
import type { ListingOpenedEvent } from "../listing/listing-events";
import { actListing, type ListingAction, tickListing } from "../listing/listing-market";
import { type ListingState, listingStart } from "../listing/listing-state";
import { type ListingAgentView, viewFor } from "../views";
import {
  type FieldRelease,
  fieldHash,
  fieldKey,
  findRival,
  type RivalParams,
  rivalHash,
} from "./rival-releases";

/** The rival seated at `i` (0-based): seats are named by position, never by policy. */
export const seatId = (i: number): string => `rival-${i + 1}`;

const between = (lo: number, hi: number, u: number): number => lo + (hi - lo) * u;

/**
 * The market terms of one episode: how many rivals, which release sits in each seat, and how
 * many units, drawn from the field with the run's seed (stream "arena"), so a seed always meets
 * the same field.
 */
export function drawArena(field: FieldRelease, seed: number, episode: number): MarketTerms {
  const rng = rngFor(deriveSeed(seed, `arena-field:${fieldKey(field)}`), "arena", episode, 0);
  const count = field.rivals[0] + rng.int(field.rivals[1] - field.rivals[0] + 1);
  const units = field.units[0] + rng.int(field.units[1] - field.units[0] + 1);
  const rivals = Array.from({ length: count }, () => {
    const key = rng.pick(field.pool);
    const r = findRival(key);
    if (r === undefined) throw new Error(`field ${fieldKey(field)} names unknown rival ${key}`);
    return { id: r.id, version: r.version, hash: rivalHash(r) };
  });
  return {
    units,
    tick_ms: field.tickMs,
    field: { id: field.id, version: field.version, hash: fieldHash(field) },
    rivals,
  };
}

/**
 * The listing the agent's episode sits in: opened from the episode's own opening (same seller,
 * same ask, same floor, same opening words and memory), so every rival bargains with the very
 * seller the agent faces. The market's seed is derived from the episode's, and the agent is not
 * on its roster: its thread is the episode itself.
 */
export function arenaListing(opening: EpisodeStartedEvent, terms: MarketTerms): ListingState {
  const spec = opening.spec;
  const marketId = `arena:${spec.task_id}@${spec.task_version}:${spec.seed}:${spec.episode}`;
  const ev: ListingOpenedEvent = {
    type: "listing_opened",
    seq: 1,
    at: 0,
    market_id: marketId,
    seed: deriveSeed(spec.seed, `arena-market:${spec.episode}`),
    seller: opening.seller,
    seller_account: "arena-seller",
    persona: opening.persona,
    item: { name: spec.item.name, category: spec.item.category },
    units: terms.units,
    anchor: opening.anchor,
    reservation: opening.reservation,
    cost: spec.seller_cost,
    max_rounds: opening.max_rounds,
    message: opening.message,
    memory: opening.memory,
    deadline: opening.max_rounds * terms.tick_ms,
    roster: terms.rivals.map((_, i) => seatId(i)),
  };
  return listingStart(ev);
}

interface Seat {
  id: string;
  params: RivalParams;
  value: number;
  think: number;
}

type Task = { kind: "deadline" } | { kind: "decide" | "move"; seat: Seat };

function seats(m: ListingState, terms: MarketTerms): Seat[] {
  const tick = terms.tick_ms;
  return terms.rivals.map((ref, i) => {
    const r = findRival(`${ref.id}@${ref.version}`);
    if (r === undefined || rivalHash(r) !== ref.hash)
      throw new Error(`rival ${ref.id}@${ref.version}#${ref.hash} is not a release of this build`);
    const id = seatId(i);
    const rng = rngFor(deriveSeed(m.opened.seed, `rival:${id}`), "arena", 1, 0);
    const p = r.params;
    return {
      id,
      params: p,
      value: round2(m.opened.anchor * between(p.valueOverAsk[0], p.valueOverAsk[1], rng.next())),
      think: Math.max(1, Math.round(tick * between(p.thinkOverTick[0], p.thinkOverTick[1], rng.next()))),
    };
  });
}

/** A rival's move: the time-based rule on its own thread, with its own value as the budget. */
function rivalAction(view: ListingAgentView, seat: Seat): ListingAction {
  const thread = view.me.thread;
  if (thread === null) throw new Error(`${seat.id} moved without a thread`);
  const move = timeMove({ ...thread.observation, own_private_budget: seat.value }, seat.params);
  return move.type === "offer" ? { type: "offer", price: move.price as number } : { type: move.type };
}

/**
 * Play the rivals to the market's close on virtual time (each reads only its own view, as a
 * remote agent would) and return the market. Nothing the agent does can change it: the agent's
 * thread is not in this market, and its only effect on rivals, taking a unit, ends its episode.
 */
export function playRivals(
  opening: EpisodeStartedEvent,
  terms: MarketTerms,
  seller: SellerPolicy,
): ListingState {
  const m = arenaListing(opening, terms);
  const o = m.opened;
  const tick = terms.tick_ms;
  const q = new ArrivalQueue<Task>();
  q.push(o.deadline, -1, { kind: "deadline" });
  for (const seat of seats(m, terms)) {
    const u = rngFor(deriveSeed(o.seed, `arrive:${seat.id}`), "arena", 1, 0).next();
    const arrive = Math.round(
      tick * between(seat.params.arriveOverTick[0], seat.params.arriveOverTick[1], u),
    );
    q.push(arrive, tieBreakKey(o.seed, o.market_id, seat.id), { kind: "decide", seat });
  }
  for (let a = q.pop(); a !== undefined && m.status === "open"; a = q.pop()) {
    const task = a.item;
    if (task.kind === "deadline") break;
    const { seat } = task;
    let action: ListingAction;
    if (task.kind === "decide")
      action =
        seat.value < seat.params.passBelowAskShare * o.anchor
          ? { type: "pass", reason: "over_budget" }
          : { type: "engage" };
    else action = rivalAction(viewFor(m, { role: "agent", agent: seat.id }) as ListingAgentView, seat);
    try {
      actListing(m, { agent: seat.id, action }, a.at, seller);
    } catch (err) {
      if (!(err instanceof MarketError)) throw err;
    }
    const thread = m.threads.get(seat.id);
    if (thread !== undefined && !thread.done && m.status === "open")
      q.push(a.at + seat.think, a.key, { kind: "move", seat });
  }
  tickListing(m, o.deadline);
  return m;
}

/**
 * The engine's view of the market: after the agent's round r (virtual time r × tick) the tape
 * shows every sale up to then, stamped with the round in which it became public.
 */
export function arenaFeed(
  opening: EpisodeStartedEvent,
  terms: MarketTerms,
  seller: SellerPolicy,
): MarketFeed {
  return tapeFeed(playRivals(opening, terms, seller), terms);
}

/** The public tape of a played market as the engine reads it: sales only, never who or how. */
export function tapeFeed(m: ListingState, terms: MarketTerms): MarketFeed {
  const tick = terms.tick_ms;
  const timeline = m.deals.map((d) => ({ at: d.at, price: d.price }));
  return {
    at(round: number) {
      const sales: MarketSale[] = [];
      for (const s of timeline)
        if (s.at <= round * tick) sales.push({ round: Math.max(1, Math.ceil(s.at / tick)), price: s.price });
      return { units_total: terms.units, units_left: terms.units - sales.length, sales };
    },
  };
}
