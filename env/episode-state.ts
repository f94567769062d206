import type { DialogueTurn, OfferRow } from "./dialogue";
import { type EpisodeSpec, isGameV2 } from "./episode-spec";
import type { BuyerActedEvent, EpisodeEvent, EpisodeStartedEvent, SellerRepliedEvent } from "./events";
import { type MarketMoved, type MarketSection, openingSection } from "./market/market-section";
import { round2, round4 } from "./money";
import { NOTICE, priceText } from "./notices";
import { potential, shapedStepReward } from "./potential-reward";
import type { DealOutcome, DealRecord } from "./records";
import {
  CAPITULATION_SHARE,
  dealReward,
  gapNarrowing,
  PENALTY,
  REPUTATION_LEAK,
  STALL_DELTA,
  STALL_REPEATS,
  sumComponents,
} from "./rewards";
import type { GuardIntervention } from "./rules-guard";
import type { SellerMemory, SellerRef } from "./seller-policy";
import type { TellObservation } from "./tells/tell-observation";

/** What the last step produced, for the step result and the observation. */
export interface StepEffects {
  reward: number;
  components: Record<string, number>;
  violations: string[];
  tells: TellObservation | null;
  sellerMessage: string | null;
  notice: string | null;
  delta: number | null;
  guard: GuardIntervention[];
}

export interface EpisodeState {
  spec: EpisodeSpec;
  seller: SellerRef;
  persona: string;
  anchor: number;
  reservation: number;
  maxRounds: number;
  inventoryPressure: number;
  round: number;
  stepCount: number;
  done: boolean;
  terminated: boolean;
  truncated: boolean;
  outcome: DealOutcome | null;
  agreedPrice: number | null;
  lastQuote: number;
  counters: number[];
  memory: SellerMemory;
  lastBuyerOffer: number | null;
  repeats: number;
  offerHistory: OfferRow[];
  dialogue: DialogueTurn[];
  tellsHistory: TellObservation[];
  cumulativeReward: number;
  /** Game v2: buyer moves with a missing, non-finite or out-of-range price so far. */
  invalidActions: number;
  /** Game v2 shaped mode: the potential Φ of the current state (env/potential-reward.ts). */
  potential: number;
  /** Penalties of a buyer offer waiting for the seller's reply. */
  pending: Record<string, number> | null;
  last: StepEffects;
  record: DealRecord | null;
  events: EpisodeEvent[];
  /** Market tasks: the public market section the buyer sees (null on every other task). */
  market: MarketSection | null;
}

const noEffects = (sellerMessage: string | null): StepEffects => ({
  reward: 0,
  components: {},
  violations: [],
  tells: null,
  sellerMessage,
  notice: null,
  delta: null,
  guard: [],
});

export function startState(ev: EpisodeStartedEvent): EpisodeState {
  return {
    spec: ev.spec,
    seller: ev.seller,
    persona: ev.persona,
    anchor: ev.anchor,
    reservation: ev.reservation,
    maxRounds: ev.max_rounds,
    inventoryPressure: ev.inventory_pressure,
    round: 0,
    stepCount: 0,
    done: false,
    terminated: false,
    truncated: false,
    outcome: null,
    agreedPrice: null,
    lastQuote: ev.anchor,
    counters: [],
    memory: ev.memory,
    lastBuyerOffer: null,
    repeats: 0,
    offerHistory: [{ round: 0, actor: "seller", action: "open", price: ev.anchor }],
    dialogue: [{ round: 0, speaker: "seller", action: "open", price: ev.anchor, message: ev.message }],
    tellsHistory: [],
    cumulativeReward: 0,
    invalidActions: 0,
    potential: 0,
    pending: null,
    last: noEffects(ev.message),
    record: null,
    events: [ev],
    market: ev.spec.market === undefined ? null : openingSection(ev.spec.market),
  };
}

/** Graders for the terminal reward mode; the engine knows nothing else about tasks. */
export type EpisodeGrader = (record: DealRecord) => number;

function finish(s: EpisodeState, outcome: DealOutcome, agreed: number | null, normalizedRaw = 0): void {
  const { buyer_budget: budget, seller_cost: cost } = s.spec;
  s.done = true;
  s.outcome = outcome;
  s.agreedPrice = agreed;
  if (outcome === "expired") s.truncated = true;
  else s.terminated = true;
  const raw = agreed === null ? 0 : round4(normalizedRaw);
  s.record = {
    episode: s.spec.episode,
    outcome,
    agreed_price: agreed,
    rounds_taken: s.round,
    buyer_budget: budget,
    seller_cost: cost,
    buyer_surplus: agreed === null ? 0 : round2(budget - agreed),
    normalized_surplus_raw: raw,
    normalized_surplus: Math.min(1, Math.max(0, raw)),
    buyer_capitulated: agreed !== null && agreed > CAPITULATION_SHARE * s.anchor,
  };
  if (isGameV2(s.spec)) s.record.invalid_actions = s.invalidActions;
}

function reputationLeak(s: EpisodeState): number {
  const career = s.spec.career;
  if (!s.spec.enable_career || career === null || career.deals.length < 3) return 0;
  return -REPUTATION_LEAK * career.capitulation_rate;
}

function closeDeal(
  s: EpisodeState,
  agreed: number,
  penalties: Record<string, number>,
  sellerMessage: string | null,
): void {
  let penalty = 0;
  for (const k in penalties) penalty += penalties[k]!;
  const d = dealReward({
    agreed,
    budget: s.spec.buyer_budget,
    cost: s.spec.seller_cost,
    round: s.round,
    maxRounds: s.maxRounds,
    reputationLeak: reputationLeak(s),
    penalty,
  });
  finish(s, "deal", agreed, d.normalizedRaw);
  s.last.components = { ...penalties, ...d.components };
  s.last.reward = d.reward;
  s.last.sellerMessage = sellerMessage;
  s.last.notice = NOTICE.dealAt(agreed, priceText(s.spec));
}

function applyBuyer(s: EpisodeState, ev: BuyerActedEvent): void {
  s.round = ev.round;
  s.stepCount += 1;
  s.last = noEffects(null);
  s.last.violations = ev.violations;
  s.invalidActions += countInvalid(ev.violations);
  const penalties: Record<string, number> = {};
  if (ev.action === "offer") {
    const price = ev.price as number;
    if (ev.violations.includes("price_out_of_range")) penalties.out_of_range_penalty = PENALTY.outOfRange;
    if (ev.violations.includes("price_missing") || ev.violations.includes("price_not_finite")) {
      penalties.invalid_price_penalty = PENALTY.invalidPrice;
      s.last.notice = NOTICE.priceMissing;
    }
    if (s.lastBuyerOffer !== null && Math.abs(price - s.lastBuyerOffer) < STALL_DELTA) {
      s.repeats += 1;
      if (s.repeats >= STALL_REPEATS) {
        penalties.stalling_penalty = PENALTY.stalling;
        s.last.violations = [...ev.violations, "stalling"];
      }
    } else {
      s.repeats = 0;
    }
    s.lastBuyerOffer = price;
  }
  s.offerHistory.push({ round: ev.round, actor: "buyer", action: ev.action, price: ev.price });
  s.dialogue.push({
    round: ev.round,
    speaker: "buyer",
    action: ev.action,
    price: ev.price,
    message: ev.message,
  });

  if (ev.action === "walk") {
    finish(s, "walk", null);
    s.last.components = { walk_penalty: PENALTY.walk };
    s.last.reward = PENALTY.walk;
    s.last.notice = NOTICE.buyerWalked;
  } else if (ev.action === "accept") {
    // D6: accepting the standing ask (the opening ask included) is a deal at that ask.
    closeDeal(s, s.lastQuote, penalties, null);
  } else {
    s.pending = penalties;
  }
}

function applySeller(s: EpisodeState, ev: SellerRepliedEvent): void {
  const penalties = s.pending ?? {};
  s.pending = null;
  s.memory = ev.memory;
  s.last.guard = ev.guard;
  if (ev.tells !== null) s.tellsHistory.push(ev.tells);
  s.dialogue.push({
    round: ev.round,
    speaker: "seller",
    action: ev.action,
    price: ev.price,
    message: ev.message,
  });

  if (ev.action === "accept") {
    s.offerHistory.push({ round: ev.round, actor: "seller", action: "accept", price: ev.price });
    closeDeal(s, ev.price as number, penalties, ev.message);
    return;
  }
  s.last.sellerMessage = ev.message;
  s.last.tells = ev.tells;
  if (ev.action === "walk") {
    finish(s, "walk", null);
    s.last.components = { ...penalties, seller_walked: PENALTY.sellerWalked };
    s.last.reward = sumComponents(s.last.components);
    s.last.notice = NOTICE.sellerWalked;
    return;
  }
  const price = ev.price as number;
  const previous = s.lastQuote;
  s.offerHistory.push({ round: ev.round, actor: "seller", action: "counter", price });
  s.counters.push(price);
  s.lastQuote = price;
  const components: Record<string, number> = { ...penalties };
  const gap = gapNarrowing(s.offerHistory, s.anchor);
  if (gap !== null) components.gap_narrowing = gap;
  if (!continuesAfter(s, ev)) {
    components.expired_penalty = PENALTY.expired;
    finish(s, "expired", null);
    s.last.notice = NOTICE.timeUp;
  } else {
    s.last.delta = round2(previous - price);
  }
  s.last.components = components;
  s.last.reward = sumComponents(components);
}

/** Violations that make a buyer move invalid (game v2 charges them in reward and grade alike). */
const INVALID_VIOLATIONS: ReadonlySet<string> = new Set([
  "price_missing",
  "price_not_finite",
  "price_out_of_range",
]);

function countInvalid(violations: readonly string[]): number {
  let n = 0;
  for (const v of violations) if (INVALID_VIOLATIONS.has(v)) n += 1;
  return n;
}

/** Game v2 shaped mode: replace the step's v1 reward with potential-based shaping. */
/**
 * Φ of the current state. Market specs (new with marketplace_arena@4) keep Φ on the reward's own
 * 4-decimal grid, so the rounded per-step differences telescope exactly and an episode's return
 * equals its grade to the last digit (v2/v3 drift by up to 2e-4, frozen as released): most arena
 * episodes that sell out or walk score exactly 0, and a 1e-4 drift would order those ties at
 * random in the return.
 */
function potentialNow(s: EpisodeState): number {
  if (s.done) return 0;
  const phi = potential({ anchor: s.anchor, ask: s.lastQuote });
  return s.spec.market === undefined ? phi : round4(phi);
}

function shapeV2(s: EpisodeState, grade: EpisodeGrader | null): void {
  const after = potentialNow(s);
  const score = s.done && s.record !== null && grade !== null ? grade(s.record) : s.done ? 0 : null;
  const shaped = shapedStepReward({
    before: s.potential,
    after,
    score,
    // The step's own buyer violations are still in s.last (the seller's reply adds none).
    invalidNow: countInvalid(s.last.violations),
    invalidTotal: s.invalidActions,
  });
  s.potential = after;
  s.last.reward = shaped.reward;
  s.last.components = shaped.components;
}

/**
 * The tape moved after the agent's step (it is part of that step): new sales are shown, and if
 * the last unit went while the agent's thread was open, the episode ends "sold_out" with no deal.
 * The ending's reward is added to the step's, by the episode's reward mode.
 */
function applyMarket(s: EpisodeState, ev: MarketMoved, grade: EpisodeGrader | null): void {
  if (s.market === null) throw new Error("a market move in an episode without a market");
  if (s.done) throw new Error("a market move after the episode ended");
  s.market = { ...s.market, units_left: ev.units_left, sales: [...s.market.sales, ...ev.sales] };
  const say = priceText(s.spec);
  const lines = s.last.notice === null ? [] : [s.last.notice];
  if (ev.sales.length > 0)
    lines.push(
      NOTICE.unitsSold(
        ev.sales.map((x) => x.price),
        ev.units_left,
        say,
      ),
    );
  if (ev.units_left === 0) {
    finish(s, "sold_out", null);
    lines.push(NOTICE.soldOut);
    addToStep(s, soldOutReward(s, grade));
  }
  s.last.notice = lines.length === 0 ? null : lines.join("\n");
}

/** The reward of a sold-out ending in each mode: it closes the step's potential like any ending. */
function soldOutReward(
  s: EpisodeState,
  grade: EpisodeGrader | null,
): { reward: number; components: Record<string, number> } {
  const score = s.record !== null && grade !== null ? round4(grade(s.record)) : 0;
  if (s.spec.reward_mode === "terminal") return { reward: score, components: {} };
  if (s.spec.reward_mode === "shaped" && isGameV2(s.spec)) {
    const shaped = shapedStepReward({
      before: s.potential,
      after: 0,
      score,
      invalidNow: 0,
      invalidTotal: s.invalidActions,
    });
    s.potential = 0;
    return shaped;
  }
  return { reward: PENALTY.expired, components: { sold_out_penalty: PENALTY.expired } };
}

function addToStep(s: EpisodeState, extra: { reward: number; components: Record<string, number> }): void {
  for (const k in extra.components)
    s.last.components[k] = round4((s.last.components[k] ?? 0) + (extra.components[k] as number));
  s.last.reward = round4(s.last.reward + extra.reward);
  s.cumulativeReward = round4(s.cumulativeReward + extra.reward);
}

/** The reducer: the only code that changes episode state. */
export function applyEvent(s: EpisodeState, ev: EpisodeEvent, grade: EpisodeGrader | null): void {
  if (ev.type === "episode_started") throw new Error("episode_started only begins a log");
  s.events.push(ev);
  if (ev.type === "buyer_acted") applyBuyer(s, ev);
  else applySeller(s, ev);
  if (s.pending !== null) return;
  if (s.spec.reward_mode === "terminal") {
    s.last.reward = s.done && s.record !== null && grade !== null ? round4(grade(s.record)) : 0;
  } else if (s.spec.reward_mode === "shaped" && isGameV2(s.spec)) {
    shapeV2(s, grade);
  }
  s.cumulativeReward = round4(s.cumulativeReward + s.last.reward);
  if (ev.type === "seller_replied" && ev.market !== undefined) applyMarket(s, ev.market, grade);
}

/** Whether the episode goes on after this seller reply: a counter before the last round. */
export const continuesAfter = (s: EpisodeState, ev: Pick<SellerRepliedEvent, "action">): boolean =>
  ev.action === "counter" && s.round < s.maxRounds;

/** Rebuild an episode from its log: the state is a fold over the events. */
export function replayEvents(events: readonly EpisodeEvent[], grade: EpisodeGrader | null): EpisodeState {
  const [first, ...rest] = events;
  if (first === undefined || first.type !== "episode_started")
    throw new Error("an episode log starts with episode_started");
  const s = startState(first);
  for (const ev of rest) applyEvent(s, ev, grade);
  return s;
}
