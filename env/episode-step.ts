import type { Action } from "./action";
import type { EpisodeSpec } from "./episode-spec";
import {
  applyEvent,
  continuesAfter,
  type EpisodeGrader,
  type EpisodeState,
  startState,
} from "./episode-state";
import type { BuyerActedEvent, EpisodeStartedEvent, SellerRepliedEvent } from "./events";
import type { MarketFeed, MarketMoved } from "./market/market-section";
import { formatMoney, round2 } from "./money";
import { restatedLine, restatedLineExact } from "./notices";
import { type Rng, rngFor, type StreamName } from "./prng";
import { redactHidden } from "./reservation-leak";
import { type GuardIntervention, guardSellerTurn } from "./rules-guard";
import type { SellerMove, SellerPolicy } from "./seller-policy";
import { guardAgentTurn } from "./seller-role/agent-guard";
import type { BuyerRef } from "./seller-role/buyer-ref";
import { blendTells } from "./tells/blend";
import {
  extractCues,
  type LocalTellsExtractor,
  localExtractorFor,
  type TellsModelRef,
} from "./tells/extract-cues";
import { nonverbalTells } from "./tells/nonverbal";
import { typedTells } from "./tells/typed-tells";
import type { VerbalReading } from "./tells/verbal";
import { memoByText } from "./text-memo";

// Rule sellers say a limited set of lines, so reading each distinct message once is a large
// saving on the hot path; one memo per extractor and model version, since a reading depends on
// all three.
const cueMemos = new Map<string, (text: string) => VerbalReading>();
function readCuesCached(message: string, extractor: LocalTellsExtractor, ref?: TellsModelRef): VerbalReading {
  const key = extractor === "rules" ? "rules" : (ref?.version ?? "shipped");
  let memo = cueMemos.get(key);
  if (memo === undefined) {
    memo = memoByText(16_384, (t) => extractCues(t, extractor, ref));
    cueMemos.set(key, memo);
  }
  return memo(message);
}

/** Where the engine's draws come from; tests inject scripted generators. */
export type RngSource = (seed: number, stream: StreamName, episode: number, round: number) => Rng;

export interface EpisodeRuntime {
  seller: SellerPolicy;
  /** Seller role: the pinned buyer the agent sells to, recorded in the episode's first event. */
  buyer?: BuyerRef;
  grade: EpisodeGrader | null;
  rng?: RngSource;
  /** Market tasks: the public tape beside the episode, advanced after each of the buyer's steps. */
  market?: MarketFeed;
}

/** A seller reply produced outside the engine (an LLM); it passes the same rules guard. */
export interface ExternalSellerTurn {
  action: SellerMove;
  price: number | null;
  message: string;
  /**
   * "fallback" when the external seller failed and the rule persona answered instead; "agent"
   * when the seller is the agent under evaluation (seller role): its moves are graded, not
   * corrected, so only the structural rules apply (env/seller-role/agent-guard.ts).
   */
  source?: "external" | "fallback" | "agent";
  /**
   * Replay only: the interventions the guard recorded when this (already guarded) turn was first
   * played. Guarding a guarded turn changes nothing and so records nothing; the stored record is
   * what the episode said then. The guard still runs: a stored turn it would change is not the
   * turn that was played, and the replay's event comparison refuses it.
   */
  recordedGuard?: GuardIntervention[];
}

export type EngineErrorCode = "EPISODE_DONE" | "INVALID_ACTION";
export class EngineError extends Error {
  constructor(
    readonly code: EngineErrorCode,
    message: string,
  ) {
    super(message);
    this.name = "EngineError";
  }
}

export function startEpisode(spec: EpisodeSpec, rt: EpisodeRuntime): EpisodeState {
  const rng = rt.rng ?? rngFor;
  const career = spec.enable_career ? spec.career : null;
  const opening = rt.seller.open(
    {
      itemName: spec.item.name,
      cost: spec.seller_cost,
      anchorBase: spec.anchor_base,
      rounds: spec.rounds,
      concessionRate: spec.concession_rate,
      inventory: spec.inventory,
      batnaProbability: spec.batna_probability,
      buyerCapitulationRate: career !== null && career.deals.length > 0 ? career.capitulation_rate : 0,
      ...(spec.seller_type === undefined ? {} : { type: spec.seller_type }),
    },
    {
      decision: rng(spec.seed, "seller", spec.episode, 0),
      phrasing: rng(spec.seed, "phrasing", spec.episode, 0),
    },
  );
  const reservation = round2(opening.reservation);
  const ev: EpisodeStartedEvent = {
    type: "episode_started",
    spec,
    seller: rt.seller.ref,
    persona: rt.seller.persona,
    anchor: round2(opening.anchor),
    reservation,
    max_rounds: opening.maxRounds,
    inventory_pressure: opening.inventoryPressure,
    message: redactHidden(opening.message, [reservation, spec.seller_cost], round2(opening.anchor)).text,
    memory: opening.memory,
    ...(rt.buyer === undefined ? {} : { buyer: rt.buyer }),
  };
  return startState(ev);
}

/** Turn any buyer action into the fact the episode records: clamped price plus named violations. */
export function buyerFact(s: EpisodeState, action: Action): BuyerActedEvent {
  const round = s.round + 1;
  const message = typeof action.message === "string" ? action.message : "";
  if (action.type !== "offer") {
    return {
      type: "buyer_acted",
      round,
      action: action.type,
      raw_price: null,
      price: null,
      message,
      violations: [],
    };
  }
  const budget = s.spec.buyer_budget;
  const raw = action.price;
  const violations: string[] = [];
  let price: number;
  if (raw === null || raw === undefined) {
    violations.push("price_missing");
    price = 0.5 * budget;
  } else if (typeof raw !== "number" || Number.isNaN(raw)) {
    violations.push("price_not_finite");
    price = 0.5 * budget;
  } else if (raw < 0 || raw > budget) {
    violations.push("price_out_of_range");
    price = raw < 0 ? 0 : budget;
  } else {
    price = raw;
  }
  return {
    type: "buyer_acted",
    round,
    action: "offer",
    raw_price: raw !== null && raw !== undefined && Number.isFinite(raw) ? raw : null,
    price: round2(price),
    message,
    violations,
  };
}

function sellerFact(
  s: EpisodeState,
  rt: EpisodeRuntime,
  external: ExternalSellerTurn | undefined,
): SellerRepliedEvent {
  const rng = rt.rng ?? rngFor;
  const { seed, episode } = s.spec;
  const round = s.round;
  const buyerOffer = s.lastBuyerOffer as number;
  const input = {
    round,
    maxRounds: s.maxRounds,
    buyerOffer,
    buyerMessage: s.dialogue[s.dialogue.length - 1]?.message ?? "",
    itemName: s.spec.item.name,
    anchor: s.anchor,
    reservation: s.reservation,
    cost: s.spec.seller_cost,
    lastQuote: s.lastQuote,
    counters: s.counters,
    memory: s.memory,
  };
  // The rule policy always runs: it is the fallback, and its memory stays consistent either way.
  const own = rt.seller.respond(input, {
    decision: rng(seed, "seller", episode, round),
    phrasing: rng(seed, "phrasing", episode, round),
  });
  const proposal = external ?? own;
  const guardContext = {
    buyerOffer,
    reservation: s.reservation,
    cost: s.spec.seller_cost,
    lastQuote: s.lastQuote,
    acceptAtReservation: rt.seller.acceptAtReservation,
    restate: s.spec.money === "exact" || rt.seller.exactPrices === true ? restatedLineExact : restatedLine,
    sayPrice: rt.seller.exactPrices === true ? formatMoney : undefined,
  };
  const guarded =
    external?.source === "agent"
      ? guardAgentTurn(proposal, guardContext)
      : guardSellerTurn(proposal, guardContext);
  let tells = null;
  if (s.spec.enable_tells) {
    const sellerType = s.spec.seller_type;
    const draws = rng(seed, "tells", episode, round);
    // D11: tells read the seller's state before this decision (its previous quote). On v2 they
    // are drawn from the hidden type and the seller's headroom above its floor.
    const model =
      sellerType !== undefined
        ? typedTells(
            {
              type: sellerType,
              round,
              maxRounds: s.maxRounds,
              priorOffer: s.lastQuote,
              reservation: s.reservation,
              buyerOffer,
              counters: s.counters,
            },
            draws,
          )
        : nonverbalTells(
            {
              profile: rt.seller.tellProfile,
              round,
              maxRounds: s.maxRounds,
              inventoryPressure: s.inventoryPressure,
              priorOffer: s.lastQuote,
              anchor: s.anchor,
              reservation: s.reservation,
              counters: s.counters,
            },
            draws,
          );
    // An LLM extractor id reads with its fallback here: the engine makes no network calls.
    const extractor = localExtractorFor(s.spec.tells_extractor ?? "rules");
    tells = blendTells(model, readCuesCached(guarded.message, extractor, s.spec.tells_model));
  }
  return {
    type: "seller_replied",
    round,
    action: guarded.action,
    price: guarded.price,
    message: guarded.message,
    memory: own.memory,
    tells,
    guard: external?.recordedGuard ?? guarded.interventions,
    source: external === undefined ? "policy" : (external.source ?? "external"),
  };
}

function checkOpen(s: EpisodeState): void {
  if (s.done) throw new EngineError("EPISODE_DONE", "This episode is over; call reset to start another.");
}

function checkBuyerAction(action: Action): void {
  if (action === null || typeof action !== "object" || !["offer", "accept", "walk"].includes(action.type)) {
    throw new EngineError("INVALID_ACTION", "action.type must be one of offer, accept, walk");
  }
}

/**
 * The buyer's half of a step alone (seller role: the buyer is the opponent policy and the
 * seller agent answers later through `sellerAnswer`). Same facts as the first half of stepEpisode.
 */
export function buyerMove(s: EpisodeState, action: Action, rt: EpisodeRuntime): EpisodeState {
  checkOpen(s);
  if (s.pending !== null)
    throw new EngineError("INVALID_ACTION", "the buyer's offer is waiting for the seller");
  checkBuyerAction(action);
  applyEvent(s, buyerFact(s, action), rt.grade);
  return s;
}

/** The seller's half of a step: answers the buyer offer waiting in `s` with `turn`. */
export function sellerAnswer(s: EpisodeState, rt: EpisodeRuntime, turn: ExternalSellerTurn): EpisodeState {
  checkOpen(s);
  if (s.pending === null) throw new EngineError("INVALID_ACTION", "there is no buyer offer to answer");
  applyEvent(s, sellerFact(s, rt, turn), rt.grade);
  return s;
}

/**
 * One buyer move and the seller's answer. Throws only EngineError (step after done); every
 * other bad action becomes a recorded violation with a defined penalty.
 */
export function stepEpisode(
  s: EpisodeState,
  action: Action,
  rt: EpisodeRuntime,
  external?: ExternalSellerTurn,
): EpisodeState {
  checkOpen(s);
  checkBuyerAction(action);
  applyEvent(s, buyerFact(s, action), rt.grade);
  if (s.pending !== null) {
    const reply = sellerFact(s, rt, external);
    // Market tasks: rivals acted while this round was haggled; what became public rides on the
    // round's last event (only while the episode goes on: a closed thread has no market left).
    const moved = rt.market !== undefined && continuesAfter(s, reply) ? marketFact(s, rt.market) : null;
    applyEvent(s, moved === null ? reply : { ...reply, market: moved }, rt.grade);
  }
  return s;
}

/** What the public tape shows after the buyer's current round, when it changed; else null. */
export function marketFact(s: EpisodeState, feed: MarketFeed): MarketMoved | null {
  if (s.market === null) return null;
  const now = feed.at(s.round);
  const fresh = now.sales.slice(s.market.sales.length);
  if (fresh.length === 0 && now.units_left === s.market.units_left) return null;
  return { units_left: now.units_left, sales: fresh };
}
