import { FALLBACK_IN_WORDS } from "../../buyers/parse-buyer-reply";
import type { BuyerTaskRow, EvalSummary, LadderRow } from "./eval-summary";

/**
 * A buyer whose replies were mostly unusable did not play the game: the fallback offer did.
 * Its surplus then measures the fallback, and can even beat a real baseline. Rows above this
 * share of parse errors or fallback plays are marked wherever results are shown.
 */
export const UNRELIABLE_SHARE = 0.1;

export const isUnreliable = (r: Pick<BuyerTaskRow, "parse_error_rate">): boolean =>
  r.parse_error_rate > UNRELIABLE_SHARE;

/** A ladder row leans on a marked row: its own task's, or any of the buyer's for "all". */
export function ladderUnreliable(s: EvalSummary, l: LadderRow): boolean {
  return s.rows.some(
    (r) => r.buyer === l.buyer && (l.task === "all" || r.task === l.task) && isUnreliable(r),
  );
}

/** One sentence per marked row, then what the fallback played; empty when every row is sound. */
export function reliabilityNotes(s: EvalSummary): string[] {
  const marked = s.rows.filter(isUnreliable);
  if (marked.length === 0) return [];
  return [
    ...marked.map(
      (r) =>
        `${r.buyer} on ${r.task}: ${(r.parse_error_rate * 100).toFixed(0)}% of its moves were unreadable replies or failed calls, above the ${(UNRELIABLE_SHARE * 100).toFixed(0)}% limit; its numbers mostly measure the fallback, not the buyer.`,
    ),
    `The fallback played ${FALLBACK_IN_WORDS}.`,
  ];
}
