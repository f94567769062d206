import type { TellObservation } from "../tells/tell-observation";

/** A calm, honest-looking seller's tells; tests override the fields they are about. */
export function tellsWith(overrides: Partial<TellObservation> = {}): TellObservation {
  return {
    verbal_urgency: 0.2,
    verbal_confidence: 0.6,
    verbal_deception_cue: 0,
    verbal_sympathy: 0,
    price_rounding: "round",
    offer_speed: "normal",
    concession_pattern: "steady",
    fidget_level: 0.3,
    eye_contact: "steady",
    posture: "neutral",
    repeat_phrases: 0,
    topic_changes: 0,
    emotional_escalation: 0,
    condition_score: 1,
    depreciation_score: 0,
    condition_label: "unknown",
    ...overrides,
  };
}
