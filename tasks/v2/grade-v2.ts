import { clamp01, round4 } from "../../env/money";
import type { DealRecord } from "../../env/records";
import { type GraderKind, type GraderParams, grade } from "../graders/grade";

/** What each invalid buyer move (missing, non-finite or out-of-range price) costs in the v2 grade. */
export const INVALID_ACTION_COST = 0.05;

/** Graders that score the first episode only; the others average over episodes. */
const FIRST_ONLY: ReadonlySet<GraderKind> = new Set(["single_deal", "asymmetric", "amazon"]);

/** One episode's v2 score: the v1 formula on that episode's own economics, less its invalid moves. */
export function gradeEpisodeV2(kind: GraderKind, record: DealRecord, p: GraderParams): number {
  const own: GraderParams = { ...p, buyerBudget: record.buyer_budget, sellerCost: record.seller_cost };
  const base = grade(kind, [record], own);
  return clamp01(base - INVALID_ACTION_COST * (record.invalid_actions ?? 0));
}

/**
 * v2 grading: the v1 graders' shapes (first deal, deadline factor, career speed, tells bonus),
 * but every episode measured against its own drawn budget and cost — per-seed economics make
 * the task-level constants of v1 meaningless — and invalid moves count against the grade, as
 * they do in the reward.
 */
export function gradeV2(kind: GraderKind, records: readonly DealRecord[], p: GraderParams): number {
  const used = FIRST_ONLY.has(kind) ? records.slice(0, 1) : records;
  if (used.length === 0) return 0;
  let sum = 0;
  for (const r of used) sum += gradeEpisodeV2(kind, r, p);
  return round4(sum / used.length);
}
