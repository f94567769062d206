import { z } from "zod";
import { DialogueTurn } from "./dialogue";
import { MarketSection } from "./market/market-section";
import { CareerHistory, DealOutcome } from "./records";
import { TellObservation } from "./tells/tell-observation";

/**
 * What the buyer sees. Never contains `reward`, `done` or `metadata`: OpenEnv lifts those to
 * the top level and typed clients break on duplicates (OPENENV §1.3).
 */
export const Observation = z
  .object({
    current_round: z.number().int().min(0),
    max_rounds: z.number().int().min(1),
    rounds_remaining: z.number().int().min(0),
    own_last_offer: z.number().nullable(),
    /** The seller's last quoted price (its opening ask before any counter). */
    opponent_last_offer: z.number().nullable(),
    /** The seller's opening ask. */
    seller_asking_price: z.number(),
    seller_last_move_delta: z.number().nullable(),
    own_private_budget: z.number(),
    own_private_deadline: z.number().int().nullable(),
    item_name: z.string(),
    item_category: z.string().nullable(),
    /** null when the task hides the persona (D4). */
    seller_personality: z.string().nullable(),
    tells: TellObservation.nullable(),
    episode_number: z.number().int().min(1),
    total_episodes: z.number().int().min(1),
    career_history: CareerHistory.nullable(),
    deal_outcome: DealOutcome.nullable(),
    agreed_price: z.number().nullable(),
    /** The seller's own words this turn, exactly as said (null when it said nothing). */
    seller_message: z.string().nullable(),
    /** Text from the environment itself (rule notices, time up, confirmations). */
    notice: z.string().nullable(),
    /** Display text: seller words and notices together, for simple clients. */
    message: z.string(),
    /** The last K turns of the conversation, both sides. */
    dialogue: z.array(DialogueTurn),
    /** Market tasks only (marketplace_arena from @4): units left and the public sales tape. */
    market: MarketSection.optional(),
  })
  .strict();
export type Observation = z.infer<typeof Observation>;
