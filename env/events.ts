import { z } from "zod";
import { ActionType } from "./action";
import { EpisodeSpec } from "./episode-spec";
import { MarketMoved } from "./market/market-section";
import { GuardIntervention } from "./rules-guard";
import { BuyerRef } from "./seller-role/buyer-ref";
import { TellObservation } from "./tells/tell-observation";

const SellerRefSchema = z.object({ id: z.string(), version: z.number().int(), hash: z.string() });
const Memory = z.record(z.string(), z.union([z.number(), z.string(), z.boolean(), z.null()]));

/**
 * The episode log. Events record facts only (what each side did); rewards, records and
 * observations are derived by folding the log, so a stored log replays to the same state.
 */
export const EpisodeStarted = z.object({
  type: z.literal("episode_started"),
  spec: EpisodeSpec,
  seller: SellerRefSchema,
  persona: z.string(),
  anchor: z.number(),
  reservation: z.number(),
  max_rounds: z.number().int(),
  inventory_pressure: z.number(),
  message: z.string(),
  memory: Memory,
  /**
   * Seller role only: the agent plays the seller against this pinned buyer (absent on buyer-role
   * episodes, whose logs keep their bytes).
   */
  buyer: BuyerRef.optional(),
});

export const BuyerActed = z.object({
  type: z.literal("buyer_acted"),
  round: z.number().int(),
  action: ActionType,
  /** The price as sent (null if missing or not a finite number). */
  raw_price: z.number().nullable(),
  /** The price the episode used after clamping to [0, budget]. */
  price: z.number().nullable(),
  message: z.string(),
  violations: z.array(z.string()),
});

export const SellerReplied = z.object({
  type: z.literal("seller_replied"),
  round: z.number().int(),
  action: z.enum(["counter", "accept", "walk"]),
  price: z.number().nullable(),
  message: z.string(),
  memory: Memory,
  tells: TellObservation.nullable(),
  guard: z.array(GuardIntervention),
  /**
   * "policy": the seller's own code; "external": a proposal made outside the engine (an LLM);
   * "agent": the seller agent under evaluation (seller role), whose moves are graded, not corrected.
   */
  source: z.enum(["policy", "external", "fallback", "agent"]),
  /**
   * Market tasks only: what became public on the market's tape during this round (rivals dealt
   * while the seller answered). Absent on every other episode, whose logs keep their bytes.
   */
  market: MarketMoved.optional(),
});

export const EpisodeEvent = z.discriminatedUnion("type", [EpisodeStarted, BuyerActed, SellerReplied]);
export type EpisodeEvent = z.infer<typeof EpisodeEvent>;
export type EpisodeStartedEvent = z.infer<typeof EpisodeStarted>;
export type BuyerActedEvent = z.infer<typeof BuyerActed>;
export type SellerRepliedEvent = z.infer<typeof SellerReplied>;
