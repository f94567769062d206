import { round4 } from "../../env/money";
import type { SellerRecord } from "../../env/seller-role/seller-record";

export interface SellerGrade {
  /** Mean episode score (profit share above the reservation, 0 for no deal or below the floor), in [0, 1]. */
  score: number;
  deal_rate: number;
  /** Share of episodes the agent sold below its reservation (each also charged in its reward). */
  below_reservation_rate: number;
  /** Mean profit share over deals only (may be negative); null without deals. */
  mean_profit_share: number | null;
  mean_bonus: number;
}

/** The seller-role grader over any number of finished episodes (a run, or an eval's seeds). */
export function gradeSeller(records: readonly SellerRecord[]): SellerGrade {
  const n = records.length;
  if (n === 0)
    return { score: 0, deal_rate: 0, below_reservation_rate: 0, mean_profit_share: null, mean_bonus: 0 };
  const deals = records.filter((r) => r.outcome === "deal");
  const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);
  return {
    score: round4(sum(records.map((r) => r.score)) / n),
    deal_rate: round4(deals.length / n),
    below_reservation_rate: round4(records.filter((r) => r.below_reservation).length / n),
    mean_profit_share:
      deals.length === 0 ? null : round4(sum(deals.map((r) => r.profit_share)) / deals.length),
    mean_bonus: round4(sum(records.map((r) => r.bonus)) / n),
  };
}
