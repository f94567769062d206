import { clamp01, round3 } from "../money";
import type { Rng } from "../prng";
import type { TellObservation } from "./tell-observation";

export type TellProfile = "default" | "deceptive" | "impatient" | "collaborative";

export interface SellerHiddenState {
  profile: TellProfile;
  /** The round being played (1-based), the `t` of REFERENCE §6.1. */
  round: number;
  maxRounds: number;
  inventoryPressure: number;
  /** The seller's counter BEFORE this turn (the anchor in round 1): tells leak the state the seller is leaving (D11). */
  priorOffer: number;
  anchor: number;
  reservation: number;
  /** The seller's own counters before this turn, oldest first (for the stalling meta-tell). */
  counters: readonly number[];
}

/** True urgency `u` (REFERENCE §6.1): time pressure plus how far the seller has already conceded. */
export function trueUrgency(h: SellerHiddenState): number {
  const timeShare = (h.inventoryPressure * h.round) / Math.max(h.maxRounds, 1);
  const conceded =
    h.priorOffer > 0 && h.anchor > h.reservation
      ? 1 - (h.priorOffer - h.reservation) / (h.anchor - h.reservation)
      : 0;
  return Math.min(1, timeShare + 0.3 * conceded);
}

/** Last two counters within 1.0 of each other: the seller repeats itself (REFERENCE §6.2 meta-tell). */
export function isStalling(counters: readonly number[]): boolean {
  const n = counters.length;
  if (n < 2) return false;
  return Math.abs((counters[n - 1] as number) - (counters[n - 2] as number)) < 1.0;
}

/**
 * Body language and persona-driven verbal levels for one seller turn (REFERENCE §6.2).
 * Every `noise()` is a fresh `rng.gaussian(0, 0.1)`. Draw order is fixed: urgency,
 * confidence, then per persona deception, fidget, topic-change, escalation — only the
 * draws a persona's formulas use are taken. Verbal sympathy and the condition fields
 * are not part of the hidden-state model (the words supply them, see blend.ts).
 */
export function nonverbalTells(h: SellerHiddenState, rng: Rng): TellObservation {
  const u = trueUrgency(h);
  const t = h.round;
  function noise(): number {
    return rng.gaussian(0, 0.1);
  }
  // Built as one literal (no spreads): this runs on every seller turn and is the engine's hot path.
  let urgency: number;
  let confidence: number;
  let deception = 0;
  let fidget: number;
  let topicChanges = 0;
  let escalation = 0;
  let eye: TellObservation["eye_contact"];
  let posture: TellObservation["posture"];
  let rounding: TellObservation["price_rounding"] = "round";
  let speed: TellObservation["offer_speed"];
  let pattern: TellObservation["concession_pattern"];
  switch (h.profile) {
    case "deceptive":
      urgency = clamp01(0.1 + 0.15 * noise());
      confidence = clamp01(0.3 + 0.5 * u + noise());
      deception = clamp01(0.7 * u + noise());
      fidget = clamp01(0.6 * u + noise());
      topicChanges = Math.max(0, Math.trunc(3 * u + rng.gaussian(0, 0.5)));
      eye = "intense";
      posture = "leaning_in";
      rounding = "precise";
      speed = "instant";
      pattern = "erratic";
      break;
    case "impatient":
      urgency = clamp01(0.4 + 0.1 * t + noise());
      confidence = clamp01(0.7 - 0.05 * t + noise());
      fidget = clamp01(0.3 + 0.08 * t + noise());
      escalation = clamp01(0.12 * t + noise());
      eye = t < 3 ? "intense" : "avoidant";
      posture = t > 2 ? "arms_crossed" : "neutral";
      speed = "instant";
      pattern = "front_loaded";
      break;
    case "collaborative":
      urgency = clamp01(0.8 * u + noise());
      confidence = clamp01(0.5 + noise());
      fidget = clamp01(0.3 * u + noise());
      eye = "steady";
      posture = "leaning_in";
      speed = "deliberate";
      pattern = "steady";
      break;
    default:
      urgency = clamp01(0.6 * u + noise());
      confidence = clamp01(0.6 - 0.3 * u + noise());
      fidget = clamp01(0.4 * u + noise());
      eye = u < 0.5 ? "steady" : "avoidant";
      posture = "neutral";
      speed = "normal";
      pattern = "steady";
  }
  const stalling = isStalling(h.counters);
  return {
    verbal_urgency: round3(urgency),
    verbal_confidence: round3(confidence),
    verbal_deception_cue: round3(deception),
    verbal_sympathy: 0,
    price_rounding: rounding,
    offer_speed: speed,
    concession_pattern: stalling ? "stalling" : pattern,
    fidget_level: round3(fidget),
    eye_contact: eye,
    posture,
    repeat_phrases: stalling ? 1 : 0,
    topic_changes: topicChanges,
    emotional_escalation: round3(escalation),
    condition_score: 1,
    depreciation_score: 0,
    condition_label: "unknown",
  };
}
