import { round3 } from "../money";
import type { TellObservation } from "./tell-observation";
import type { VerbalReading } from "./verbal";

const MODEL_WEIGHT = 0.45;
const CUE_WEIGHT = 0.55;

function mix(model: number, cue: number | undefined): number {
  return cue === undefined ? model : round3(MODEL_WEIGHT * model + CUE_WEIGHT * cue);
}

/**
 * Combine the hidden-state tells with what the seller actually said, using the
 * REFERENCE §6.5 weights (0.45 model, 0.55 words):
 * - urgency, confidence, deception: blended only when the message carries that cue —
 *   silence is not evidence, so the model value stands;
 * - sympathy: the words alone (0 when no loss claim) — the hidden-state model has none;
 * - condition score/depreciation/label: the worst disclosure when the message has one,
 *   else the model's (unknown) values.
 * Body language, speed, pattern and counts are untouched.
 */
export function blendTells(model: TellObservation, verbal: VerbalReading): TellObservation {
  const cue = verbal.aggregate;
  const out: TellObservation = {
    ...model,
    verbal_urgency: mix(model.verbal_urgency, cue.urgency),
    verbal_confidence: mix(model.verbal_confidence, cue.confidence),
    verbal_deception_cue: mix(model.verbal_deception_cue, cue.deception),
    verbal_sympathy: round3(cue.sympathy ?? 0),
  };
  if (verbal.condition !== null) {
    out.condition_score = round3(verbal.condition.score);
    out.depreciation_score = round3(verbal.condition.depreciation);
    out.condition_label = verbal.condition.label;
  }
  return out;
}
