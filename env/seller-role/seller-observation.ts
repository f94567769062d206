import { z } from "zod";
import { DialogueTurn } from "../dialogue";
import { DealOutcome } from "../records";
import { SellerRecord } from "./seller-record";

/** The seller's private brief: its own numbers, shown to the seller agent and never to the buyer. */
export const SellerBrief = z
  .object({
    item_name: z.string(),
    item_category: z.string().nullable(),
    /** The listing's opening ask. */
    ask_price: z.number(),
    cost: z.number(),
    /** The seller's floor: selling below it is allowed and penalised. */
    reservation: z.number(),
    /** The persona the agent is asked to play (the pinned seller persona whose numbers it holds). */
    persona: z.string(),
    bonus: z.object({ per_step: z.number(), step: z.number(), cap: z.number() }).strict(),
  })
  .strict();
export type SellerBrief = z.infer<typeof SellerBrief>;

/**
 * What the seller agent sees (seller role). Like the buyer's Observation it never carries
 * `reward`, `done` or `metadata` (OpenEnv lifts those). The buyer's budget is not in it.
 */
export const SellerObservation = z
  .object({
    role: z.literal("seller"),
    brief: SellerBrief,
    current_round: z.number().int().min(0),
    max_rounds: z.number().int().min(1),
    rounds_remaining: z.number().int().min(0),
    /** The buyer's standing offer (null before it made one, e.g. it accepted the ask at once). */
    buyer_last_offer: z.number().nullable(),
    /** The seller's standing price: its ask before any counter. */
    own_last_quote: z.number(),
    /** The buyer's words this turn, exactly as said. */
    buyer_message: z.string().nullable(),
    /** Cues read from the buyer's words (per signal, 0–1), when tells are on. */
    buyer_cues: z.record(z.string(), z.number()).nullable(),
    deal_outcome: DealOutcome.nullable(),
    agreed_price: z.number().nullable(),
    notice: z.string().nullable(),
    /** Display text: the buyer's words and notices together, for simple clients. */
    message: z.string(),
    dialogue: z.array(DialogueTurn),
    /**
     * Careers only (absent on single-deal tasks, whose observations stay as released): which
     * deal this is, and the seller's own records of the deals already done (its numbers, never
     * the buyer's).
     */
    career: z
      .object({
        episode_number: z.number().int().min(1),
        total_episodes: z.number().int().min(2),
        past: z.array(SellerRecord),
      })
      .strict()
      .optional(),
  })
  .strict();
export type SellerObservation = z.infer<typeof SellerObservation>;
