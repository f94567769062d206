import { z } from "zod";

/** What the buyer perceives about the seller in one turn: body language plus cues read from its words. */
export const TellObservation = z
  .object({
    verbal_urgency: z.number().min(0).max(1),
    verbal_confidence: z.number().min(0).max(1),
    verbal_deception_cue: z.number().min(0).max(1),
    /** Loss / no-profit claims ("I'm making a loss"): pushes on sympathy, not on time. */
    verbal_sympathy: z.number().min(0).max(1),
    price_rounding: z.enum(["round", "precise"]),
    offer_speed: z.enum(["instant", "normal", "deliberate"]),
    concession_pattern: z.enum(["steady", "erratic", "front_loaded", "stalling"]),
    fidget_level: z.number().min(0).max(1),
    eye_contact: z.enum(["steady", "avoidant", "intense"]),
    posture: z.enum(["neutral", "leaning_in", "leaning_back", "arms_crossed"]),
    repeat_phrases: z.number().int().min(0),
    topic_changes: z.number().int().min(0),
    emotional_escalation: z.number().min(0).max(1),
    condition_score: z.number().min(0).max(1),
    depreciation_score: z.number().min(0).max(1),
    condition_label: z.enum(["new", "like_new", "very_good", "good", "acceptable", "junk", "unknown"]),
  })
  .strict();
export type TellObservation = z.infer<typeof TellObservation>;

export type ConditionLabel = TellObservation["condition_label"];
