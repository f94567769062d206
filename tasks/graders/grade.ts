import { clamp01, round4 } from "../../env/money";
import type { DealRecord } from "../../env/records";

/** Task values a grader needs; budget and cost are the task's, not any one episode's. */
export interface GraderParams {
  buyerBudget: number;
  sellerCost: number;
  buyerDeadline: number | null;
  /** Rounds each episode gets (D3); the career grader's speed term is measured against it. */
  roundsPerEpisode: number;
}

export type GraderKind =
  | "single_deal"
  | "asymmetric"
  | "career"
  | "personality"
  | "read_the_tells"
  | "amazon";

export const GRADER_KINDS: readonly GraderKind[] = [
  "single_deal",
  "asymmetric",
  "career",
  "personality",
  "read_the_tells",
  "amazon",
];

/** The deadline assumed when a task that grades against one does not set it. */
const DEFAULT_DEADLINE = 5;
const LATE_DEAL_FACTOR = 0.5;
const CAREER_SLOWNESS_WEIGHT = 0.3;
const TELLS_BONUS_WEIGHT = 0.15;

function dealPrice(r: DealRecord): number | null {
  return r.outcome === "deal" && r.agreed_price !== null ? r.agreed_price : null;
}

/** Share of the task's surplus the buyer kept; 0 for no deal or when the task leaves none to win. */
function surplusShare(r: DealRecord, p: GraderParams): number {
  const price = dealPrice(r);
  const maxSurplus = p.buyerBudget - p.sellerCost;
  if (price === null || !(maxSurplus > 0)) return 0;
  return Math.max(0, (p.buyerBudget - price) / maxSurplus);
}

function mean(values: readonly number[]): number {
  return values.length === 0 ? 0 : values.reduce((a, b) => a + b, 0) / values.length;
}

function singleDeal(records: readonly DealRecord[], p: GraderParams): number {
  const first = records[0];
  return first === undefined ? 0 : surplusShare(first, p);
}

function asymmetric(records: readonly DealRecord[], p: GraderParams): number {
  const first = records[0];
  if (first === undefined) return 0;
  const deadline = p.buyerDeadline ?? DEFAULT_DEADLINE;
  return surplusShare(first, p) * (first.rounds_taken <= deadline ? 1 : LATE_DEAL_FACTOR);
}

function career(records: readonly DealRecord[], p: GraderParams): number {
  const rpe = p.roundsPerEpisode > 0 ? p.roundsPerEpisode : 1;
  return mean(
    records.map((r) => surplusShare(r, p) * Math.max(0, 1 - (CAREER_SLOWNESS_WEIGHT * r.rounds_taken) / rpe)),
  );
}

function personality(records: readonly DealRecord[], p: GraderParams): number {
  return mean(records.map((r) => surplusShare(r, p)));
}

/** Rewards deals struck below the budget/cost midpoint: the prize for seeing through a bluff. */
function readTheTells(records: readonly DealRecord[], p: GraderParams): number {
  const mid = (p.buyerBudget + p.sellerCost) / 2;
  const bonusSpan = mid - p.sellerCost;
  return mean(
    records.map((r) => {
      const share = surplusShare(r, p);
      const price = dealPrice(r);
      if (price === null || !(price < mid) || !(bonusSpan > 0)) return share;
      return Math.min(1, share + (TELLS_BONUS_WEIGHT * (mid - price)) / bonusSpan);
    }),
  );
}

/** Listing prices change every episode, so this one trusts the record's own normalized surplus. */
function amazon(records: readonly DealRecord[]): number {
  const first = records[0];
  return first === undefined || dealPrice(first) === null ? 0 : first.normalized_surplus;
}

/** Score in [0, 1], rounded to 4 places, for a session's finished episodes. */
export function grade(kind: GraderKind, records: readonly DealRecord[], p: GraderParams): number {
  let raw: number;
  switch (kind) {
    case "single_deal":
      raw = singleDeal(records, p);
      break;
    case "asymmetric":
      raw = asymmetric(records, p);
      break;
    case "career":
      raw = career(records, p);
      break;
    case "personality":
      raw = personality(records, p);
      break;
    case "read_the_tells":
      raw = readTheTells(records, p);
      break;
    case "amazon":
      raw = amazon(records);
      break;
  }
  return Number.isFinite(raw) ? round4(clamp01(raw)) : 0;
}
