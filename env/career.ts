import { round4 } from "./money";
import type { CareerHistory, DealRecord } from "./records";

export const CAREER_WINDOW = 10;

export const emptyCareer = (): CareerHistory => ({
  deals: [],
  capitulation_rate: 0,
  avg_normalized_surplus: 0,
  avg_rounds_to_close: 0,
  opponent_avg_offer_velocity: 0,
});

/**
 * Fold one finished episode into the career. The window is the last 10 records; walks and
 * expiries count towards the capitulation denominator, averages use deals only (REFERENCE §4.5).
 * `velocity` is that episode's mean per-round seller concession (D32).
 */
export function addToCareer(career: CareerHistory, record: DealRecord, velocity: number): CareerHistory {
  const deals = [...career.deals, record];
  const window = deals.slice(-CAREER_WINDOW);
  const closed = window.filter((r) => r.outcome === "deal");
  const capitulations = window.filter((r) => r.buyer_capitulated).length;
  const velocities =
    deals.length === 1
      ? velocity
      : (career.opponent_avg_offer_velocity * career.deals.length + velocity) / deals.length;
  return {
    deals,
    capitulation_rate: round4(capitulations / window.length),
    avg_normalized_surplus:
      closed.length > 0
        ? round4(closed.reduce((s, r) => s + r.normalized_surplus, 0) / closed.length)
        : career.avg_normalized_surplus,
    avg_rounds_to_close:
      closed.length > 0
        ? round4(closed.reduce((s, r) => s + r.rounds_taken, 0) / closed.length)
        : career.avg_rounds_to_close,
    opponent_avg_offer_velocity: round4(velocities),
  };
}
