import type { Rollout } from "./rollout";

/**
 * Which of two rollouts bargained better, decided in code: more deals beat fewer (a deal
 * counts whichever side accepted), then higher mean normalized surplus, then — softly —
 * the lower final ask (the buyer who moved the seller further), else a tie.
 */
export type Winner = "a" | "b" | "tie";
export interface Verdict {
  winner: Winner;
  reason: string;
  judge: string;
}

export const SURPLUS_MARGIN = 0.02;
export const ASK_MARGIN = 0.02;

export const dealsOf = (r: Rollout): number => r.records.filter((x) => x.outcome === "deal").length;
export const surplusOf = (r: Rollout): number =>
  r.records.length === 0 ? 0 : r.records.reduce((k, x) => k + x.normalized_surplus, 0) / r.records.length;

export function codeJudge(a: Rollout, b: Rollout): Verdict {
  const da = dealsOf(a);
  const db = dealsOf(b);
  if (da !== db) return { winner: da > db ? "a" : "b", reason: `deals ${da} vs ${db}`, judge: "code" };
  const sa = surplusOf(a);
  const sb = surplusOf(b);
  if (Math.abs(sa - sb) >= SURPLUS_MARGIN)
    return {
      winner: sa > sb ? "a" : "b",
      reason: `surplus ${sa.toFixed(3)} vs ${sb.toFixed(3)}`,
      judge: "code",
    };
  if (Math.abs(a.lastAsk - b.lastAsk) >= ASK_MARGIN * Math.max(1, a.openingAsk))
    return {
      winner: a.lastAsk < b.lastAsk ? "a" : "b",
      reason: `equal outcome; seller's last ask ${a.lastAsk} vs ${b.lastAsk}`,
      judge: "code",
    };
  return { winner: "tie", reason: "same outcome and surplus, asks within 2%", judge: "code" };
}
