import { z } from "zod";
import type { EpisodeState } from "../episode-state";
import { round2 } from "../money";
import { DealOutcome } from "../records";
import { profitShare, sellerBonus, sellerEpisodeReward, sellerEpisodeScore } from "./seller-economics";

/** A finished seller-role episode, as graders and the /sell end screen read it. */
export const SellerRecord = z
  .object({
    outcome: DealOutcome,
    agreed_price: z.number().nullable(),
    ask_price: z.number(),
    reservation: z.number(),
    cost: z.number(),
    rounds_taken: z.number().int(),
    /** agreed − reservation (negative below the floor); 0 without a deal. */
    profit_over_reservation: z.number(),
    /** (agreed − reservation) / (ask − reservation), clamped to [−1, 1]; 0 without a deal. */
    profit_share: z.number(),
    below_reservation: z.boolean(),
    bonus: z.number(),
    /** The terminal reward (may be negative), and the episode score in [0, 1]. */
    reward: z.number(),
    score: z.number(),
  })
  .strict();
export type SellerRecord = z.infer<typeof SellerRecord>;

/** The record of a finished episode from the seller's side; null while it runs. */
export function sellerRecord(s: EpisodeState): SellerRecord | null {
  if (!s.done || s.outcome === null) return null;
  const price = s.outcome === "deal" ? s.agreedPrice : null;
  const r = s.reservation;
  return {
    outcome: s.outcome,
    agreed_price: price,
    ask_price: s.anchor,
    reservation: r,
    cost: s.spec.seller_cost,
    rounds_taken: s.round,
    profit_over_reservation: price === null ? 0 : round2(price - r),
    profit_share: price === null ? 0 : profitShare(price, s.anchor, r),
    below_reservation: price !== null && price < r,
    bonus: sellerBonus(price, s.anchor, r),
    reward: sellerEpisodeReward(price, s.anchor, r),
    score: sellerEpisodeScore(price, s.anchor, r),
  };
}
