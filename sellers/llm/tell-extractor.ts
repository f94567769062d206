import type { ChatModel } from "../../env/chat-model";
import { clamp01, round3 } from "../../env/money";
import type { TellObservation } from "../../env/tells/tell-observation";
import { extractJsonObject } from "./json-object";
import { tellMessages } from "./tell-prompt";

/** What the LLM extractor reads from one seller message (REFERENCE §6.5 schema). */
export interface LlmTellReading {
  urgency: number;
  confidence: number;
  deception: number;
  offer_speed: TellObservation["offer_speed"];
  concession_pattern: TellObservation["concession_pattern"];
  emotional_escalation: number;
  condition_score: number;
  depreciation_score: number;
  condition_label: TellObservation["condition_label"];
}

export const LLM_TELL_DEFAULTS: LlmTellReading = {
  urgency: 0.2,
  confidence: 0.5,
  deception: 0,
  offer_speed: "normal",
  concession_pattern: "steady",
  emotional_escalation: 0,
  condition_score: 1,
  depreciation_score: 0,
  condition_label: "unknown",
};

const SPEEDS = ["instant", "normal", "deliberate"] as const;
const PATTERNS = ["steady", "erratic", "front_loaded", "stalling"] as const;
const LABELS = ["new", "like_new", "very_good", "good", "acceptable", "junk", "unknown"] as const;
const FLOATS = [
  "urgency",
  "confidence",
  "deception",
  "emotional_escalation",
  "condition_score",
  "depreciation_score",
] as const;

function oneOf<T extends string>(allowed: readonly T[], v: unknown, fallback: T): T {
  return typeof v === "string" && (allowed as readonly string[]).includes(v) ? (v as T) : fallback;
}

/** Missing fields take the defaults; a present but unreadable number is 0.5 (no opinion); numbers are clamped. */
export function parseTellReading(text: string): LlmTellReading | null {
  const obj = extractJsonObject(text);
  if (obj === null) return null;
  const out: LlmTellReading = { ...LLM_TELL_DEFAULTS };
  for (const key of FLOATS) {
    if (!(key in obj)) continue;
    const v = typeof obj[key] === "string" ? Number(obj[key]) : obj[key];
    out[key] = typeof v === "number" && Number.isFinite(v) ? round3(clamp01(v)) : 0.5;
  }
  out.offer_speed = oneOf(SPEEDS, obj.offer_speed, LLM_TELL_DEFAULTS.offer_speed);
  out.concession_pattern = oneOf(PATTERNS, obj.concession_pattern, LLM_TELL_DEFAULTS.concession_pattern);
  out.condition_label = oneOf(LABELS, obj.condition_label, LLM_TELL_DEFAULTS.condition_label);
  return out;
}

export interface TellExtractorOptions {
  temperature?: number;
  maxTokens?: number;
  timeoutMs?: number;
  signal?: AbortSignal;
}

/**
 * Optional, off the hot path: one model call per seller message. Null on any failure (error,
 * timeout, no JSON) so the caller keeps the rule extractor's reading (env/tells/verbal.ts).
 */
export async function extractTellsLlm(
  chat: ChatModel,
  message: string,
  history: readonly string[] = [],
  opts: TellExtractorOptions = {},
): Promise<LlmTellReading | null> {
  try {
    const result = await chat.chat(tellMessages(message, history), {
      temperature: opts.temperature ?? 0.1,
      maxTokens: opts.maxTokens ?? 256,
      json: true,
      timeoutMs: opts.timeoutMs,
      signal: opts.signal,
    });
    return parseTellReading(result.text);
  } catch {
    return null;
  }
}

const RULE_WEIGHT = 0.45;
const LLM_WEIGHT = 0.55;
const mix = (rule: number, llm: number): number => round3(RULE_WEIGHT * rule + LLM_WEIGHT * llm);

/**
 * REFERENCE §6.5 blend onto an observation the rules already produced: urgency, confidence,
 * deception and escalation mixed 0.45 rule / 0.55 model; speed, pattern and condition from
 * the model, except that a condition the rules found (a non-unknown label) stands. Body
 * language, rounding and counts stay rule-based.
 */
export function blendLlmTells(rule: TellObservation, llm: LlmTellReading): TellObservation {
  const out: TellObservation = {
    ...rule,
    verbal_urgency: mix(rule.verbal_urgency, llm.urgency),
    verbal_confidence: mix(rule.verbal_confidence, llm.confidence),
    verbal_deception_cue: mix(rule.verbal_deception_cue, llm.deception),
    emotional_escalation: mix(rule.emotional_escalation, llm.emotional_escalation),
    offer_speed: llm.offer_speed,
    concession_pattern: llm.concession_pattern,
  };
  if (rule.condition_label === "unknown") {
    out.condition_score = llm.condition_score;
    out.depreciation_score = llm.depreciation_score;
    out.condition_label = llm.condition_label;
  }
  return out;
}
