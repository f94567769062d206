import type { DealRecord } from "../src/wire/env-types";
import { rupees } from "./money";
import { outcomeWords } from "./outcome-words";

const rounds = (n: number) => `${n} ${n === 1 ? "round" : "rounds"}`;

/** "bought at ₹55.96 in 3 rounds", "no deal, walked in 1 round". */
export function dealSummary(r: DealRecord): string {
  const what =
    r.outcome === "deal" && r.agreed_price !== null
      ? `bought at ${rupees(r.agreed_price)}`
      : `no deal, ${r.outcome === "walk" ? "walked" : outcomeWords(r.outcome)}`;
  return `${what} in ${rounds(r.rounds_taken)}`;
}

/**
 * The line that opens the next deal of a career, so the closed one does not just vanish:
 * what happened, what it cost the seller (now revealed), and what comes next.
 */
export function handoverNotice(r: DealRecord, next: number, total: number): string {
  return `Deal ${r.episode} of ${total} closed: ${dealSummary(r)} (it cost the seller ${rupees(r.seller_cost)}). Deal ${next} starts below.`;
}
