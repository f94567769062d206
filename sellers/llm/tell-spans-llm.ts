import type { ChatModel } from "../../env/chat-model";
import { VERBAL_SIGNALS, type VerbalSignal } from "../../env/tells/cue-rules";
import { GRADE_SCORE } from "../../env/tells/model-cues";
import { CONDITION_GRADES, type ConditionGrade } from "../../env/tells/tells-model";
import { type CueSpan, summariseSpans, type VerbalReading } from "../../env/tells/verbal";
import { extractJsonObject } from "./json-object";
import { tellSpanMessages } from "./tell-spans-prompt";

/** Score an LLM-quoted cue carries (it gives no probability); condition uses the grade's score. */
const LLM_CUE_SCORE = 0.7;

export interface LlmCueReading {
  reading: VerbalReading;
  /** "fallback" when the call failed or its answer was unreadable and the model path answered. */
  source: "llm" | "fallback";
}

/**
 * Turn the model's JSON into spans: each quote is located in the message (exactly, then
 * ignoring case); a quote that is not in the message is dropped rather than guessed at.
 * Null when the reply holds no `cues` array.
 */
export function parseCueQuotes(message: string, reply: string): VerbalReading | null {
  const obj = extractJsonObject(reply);
  if (obj === null || !Array.isArray(obj.cues)) return null;
  const lower = message.toLowerCase();
  const spans: CueSpan[] = [];
  for (const cue of obj.cues as unknown[]) {
    if (cue === null || typeof cue !== "object") continue;
    const { signal, quote, grade } = cue as Record<string, unknown>;
    if (typeof quote !== "string" || quote.trim() === "") continue;
    if (!(VERBAL_SIGNALS as readonly unknown[]).includes(signal)) continue;
    let start = message.indexOf(quote);
    // Lowercasing can change length outside ASCII; only trust the case-blind match when it cannot.
    if (start < 0 && lower.length === message.length) start = lower.indexOf(quote.toLowerCase());
    if (start < 0) continue;
    const s = signal as VerbalSignal;
    const span: CueSpan = {
      start,
      end: start + quote.length,
      text: message.slice(start, start + quote.length),
      signal: s,
      score: LLM_CUE_SCORE,
      explanation: `llm: ${s}`,
    };
    if (s === "condition") {
      const g: ConditionGrade = (CONDITION_GRADES as readonly unknown[]).includes(grade)
        ? (grade as ConditionGrade)
        : "good";
      span.conditionLabel = g;
      span.score = GRADE_SCORE[g];
    }
    spans.push(span);
  }
  return summariseSpans(spans);
}

export interface TellSpansLlmOptions {
  timeoutMs?: number;
  signal?: AbortSignal;
}

/**
 * The "llm:<backend>" extractor: one call per message; on any failure (error, timeout, no
 * readable JSON) the given fallback — the model path — answers, so a reading always comes back.
 */
export async function readCuesLlm(
  chat: ChatModel,
  message: string,
  fallback: (message: string) => VerbalReading,
  opts: TellSpansLlmOptions = {},
): Promise<LlmCueReading> {
  try {
    const result = await chat.chat(tellSpanMessages(message), {
      temperature: 0,
      maxTokens: 400,
      json: true,
      timeoutMs: opts.timeoutMs,
      signal: opts.signal,
    });
    const reading = parseCueQuotes(message, result.text);
    if (reading !== null) return { reading, source: "llm" };
  } catch {
    // Falls through to the fallback: a failed call must never cost the buyer its tells.
  }
  return { reading: fallback(message), source: "fallback" };
}
