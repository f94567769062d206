import { clamp01, round3 } from "../money";
import type { Rng } from "../prng";
import { insultLevel, type SellerType } from "../seller-type";
import { isStalling } from "./nonverbal";
import type { TellObservation } from "./tell-observation";

/** Share of the floor below which an offer reads as an insult (the responsive seller's line too). */
export const TELL_INSULT_SHARE = 0.5;
const NOISE_SD = 0.05;

export interface TypedTellInput {
  type: SellerType;
  round: number;
  maxRounds: number;
  /** The seller's quote before this turn (D11: tells leak the state the seller is leaving). */
  priorOffer: number;
  reservation: number;
  buyerOffer: number;
  counters: readonly number[];
}

/** How far above its floor the seller stands, as a share of its quote: what a good reader wants to know. */
export function headroom(priorOffer: number, reservation: number): number {
  return priorOffer > 0 ? clamp01((priorOffer - reservation) / priorOffer) : 0;
}

/**
 * Game v2 tells: their distribution depends on the hidden type and margin, so reading them pays.
 * - fidget rises as the seller nears its floor (0.9 − 1.4 × headroom), confidence falls;
 * - eye contact turns avoidant in the last 8 % above the floor, intense in a bluffer;
 * - arms cross at an insulting offer; emotional escalation tracks the walk risk it provokes;
 * - urgency follows stock pressure over time, the deception cue the bluff rate;
 * - offer speed shows patience, the concession pattern the curve (front-loaded Conceders).
 * Every noise draw is a fresh gaussian(0, 0.05), taken in a fixed order.
 */
export function typedTells(h: TypedTellInput, rng: Rng): TellObservation {
  const { type } = h;
  const room = headroom(h.priorOffer, h.reservation);
  const insult = insultLevel(h.buyerOffer, h.reservation, TELL_INSULT_SHARE);
  const noise = (): number => rng.gaussian(0, NOISE_SD);
  const fidget = clamp01(0.9 - 1.4 * room + noise());
  const confidence = clamp01(0.2 + 1.4 * room + noise());
  const urgency = clamp01(type.stock_pressure * (0.3 + (0.7 * h.round) / Math.max(1, h.maxRounds)) + noise());
  const deception = clamp01(0.8 * type.bluff_rate + noise());
  const escalation = clamp01(type.walk_risk * (0.5 + 2 * insult) + noise());
  const stalling = isStalling(h.counters);
  return {
    verbal_urgency: round3(urgency),
    verbal_confidence: round3(confidence),
    verbal_deception_cue: round3(deception),
    verbal_sympathy: 0,
    price_rounding: type.bluff_rate > 0.5 ? "precise" : "round",
    offer_speed: type.patience < 0.35 ? "instant" : type.patience > 0.7 ? "deliberate" : "normal",
    concession_pattern: stalling ? "stalling" : type.concession > 1.5 ? "front_loaded" : "steady",
    fidget_level: round3(fidget),
    eye_contact: room < 0.08 ? "avoidant" : type.bluff_rate > 0.6 ? "intense" : "steady",
    posture: insult > 0 ? "arms_crossed" : room > 0.3 ? "leaning_back" : "leaning_in",
    repeat_phrases: stalling ? 1 : 0,
    topic_changes: 0,
    emotional_escalation: round3(escalation),
    condition_score: 1,
    depreciation_score: 0,
    condition_label: "unknown",
  };
}
