import { z } from "zod";

/**
 * How a request market scores a submission. The judge sees only what it must: the request's
 * item, criteria and bar, and the pitch — never who submitted it or at what price. The code
 * judge is the default; a model judge (built in the shell from a ChatModel) plugs in through
 * the same interface and is wrapped by `judgeFailClosed`, so an outage can only ever make a
 * submission "not qualified", with the error recorded.
 */
export const JudgeInput = z.object({
  item: z.string(),
  criteria: z.array(z.string()),
  min_quality: z.number().int().min(1).max(10),
  pitch: z.string(),
});
export type JudgeInput = z.infer<typeof JudgeInput>;

export const Verdict = z.object({
  /** 1–10; null when the judge failed. */
  score: z.number().int().min(1).max(10).nullable(),
  feedback: z.string().max(2000),
  error: z.string().max(500).nullable(),
});
export type Verdict = z.infer<typeof Verdict>;

export interface Judge {
  /** Stable identity recorded with each verdict, e.g. "code@1" or "ollama:gemma3:4b#<prompt hash>". */
  readonly id: string;
  judge(input: JudgeInput): Verdict | Promise<Verdict>;
}

export const qualifies = (v: Verdict, minQuality: number): boolean =>
  v.error === null && v.score !== null && v.score >= minQuality;

/** Any throw, timeout (the shell's) or malformed verdict becomes "not qualified", error kept. */
export async function judgeFailClosed(judge: Judge, input: JudgeInput): Promise<Verdict> {
  try {
    const parsed = Verdict.safeParse(await judge.judge(input));
    if (parsed.success) return parsed.data;
    return {
      score: null,
      feedback: "The judge could not score this submission.",
      error: "malformed verdict",
    };
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    return {
      score: null,
      feedback: "The judge could not score this submission.",
      error: message.slice(0, 500),
    };
  }
}

const words = (text: string): string[] => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

/** A criterion is met when every word of it (three letters or more) appears in the pitch. */
export function criteriaMet(criteria: readonly string[], pitch: string): boolean[] {
  const have = new Set(words(pitch));
  return criteria.map((c) => {
    const need = words(c).filter((w) => w.length >= 3);
    return need.length > 0 && need.every((w) => have.has(w));
  });
}

/** Pitches shorter than this say too little to judge, whatever they mention. */
export const MIN_PITCH_WORDS = 8;

/**
 * The default judge: a pure function of pitch and criteria. Score 1 + 9 × (share of criteria
 * met), rounded; with no criteria, a substantive pitch scores 7. A pitch under MIN_PITCH_WORDS
 * words is capped at 3. Feedback names what is missing, so a revision has something to act on.
 */
export function codeVerdict(input: JudgeInput): Verdict {
  const met = criteriaMet(input.criteria, input.pitch);
  const share = met.length === 0 ? 2 / 3 : met.filter(Boolean).length / met.length;
  let score = Math.round(1 + 9 * share);
  const short = words(input.pitch).length < MIN_PITCH_WORDS;
  if (short) score = Math.min(score, 3);
  const missing = input.criteria.filter((_, i) => !met[i]);
  let feedback = "Meets the bar.";
  if (score < input.min_quality) {
    const parts: string[] = [];
    if (missing.length > 0) parts.push(`it does not address: ${missing.join("; ")}`);
    if (short) parts.push("it is too short to judge");
    feedback = `Below the bar (${score}/10): ${parts.join(", and ") || "it needs more substance"}.`;
  }
  return { score, feedback, error: null };
}

export const codeJudge: Judge = { id: "code@1", judge: codeVerdict };

/**
 * What a live market does when its judge fails (an outage, a timeout, a reply that is not a
 * verdict): score the submission with the code judge instead, recording that it did and why.
 * An honest seller should not lose a market to the exchange's model outage, and the code judge
 * is the default judge anyway, so the fallback can never be easier to pass than a market
 * without a model judge. "not_qualified" keeps the stricter rule (nothing qualifies unscored)
 * for markets that must only ever be scored by the model.
 */
export type JudgeFailure = "code" | "not_qualified";
export const DEFAULT_JUDGE_FAILURE: JudgeFailure = "code";

export interface ScoredVerdict {
  verdict: Verdict;
  /** The judge whose verdict stands, id@version. */
  judge: string;
  /** Set when the primary judge failed and the fallback scored: which judge failed, and how. */
  fallback_from: { judge: string; error: string } | null;
}

/** The verdict that stands, given the primary judge's (already fail-closed) verdict. */
export function settleVerdict(
  primary: Verdict,
  primaryId: string,
  input: JudgeInput,
  onFailure: JudgeFailure = DEFAULT_JUDGE_FAILURE,
): ScoredVerdict {
  if (primary.error === null || onFailure === "not_qualified" || primaryId === codeJudge.id)
    return { verdict: primary, judge: primaryId, fallback_from: null };
  return {
    verdict: codeVerdict(input),
    judge: codeJudge.id,
    fallback_from: { judge: primaryId, error: primary.error },
  };
}
