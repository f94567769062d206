import { z } from "zod";

/** "sold_out" (market tasks): the units were gone before this buyer closed; no deal. */
export const DealOutcome = z.enum(["deal", "walk", "expired", "sold_out"]);
export type DealOutcome = z.infer<typeof DealOutcome>;

/** One finished episode, as graders and the career history see it. */
export const DealRecord = z.object({
  episode: z.number().int().min(1),
  outcome: DealOutcome,
  agreed_price: z.number().nullable(),
  rounds_taken: z.number().int().min(0),
  /** Episode economics: graders of listing-based tasks need the per-episode values. */
  buyer_budget: z.number(),
  seller_cost: z.number(),
  buyer_surplus: z.number(),
  /** (B − price)/(B − cost), unclamped: > 1 or < 0 flags a pathological deal (D12). */
  normalized_surplus_raw: z.number(),
  normalized_surplus: z.number().min(0).max(1),
  buyer_capitulated: z.boolean(),
  /** v2 tasks only: buyer moves with a missing, non-finite or out-of-range price; each costs the grade. */
  invalid_actions: z.number().int().min(0).optional(),
});
export type DealRecord = z.infer<typeof DealRecord>;

export const CareerHistory = z.object({
  deals: z.array(DealRecord),
  capitulation_rate: z.number(),
  avg_normalized_surplus: z.number(),
  avg_rounds_to_close: z.number(),
  /** Mean per-round seller concession over completed episodes (D32). */
  opponent_avg_offer_velocity: z.number(),
});
export type CareerHistory = z.infer<typeof CareerHistory>;
