import { z } from "zod";
import { MarketTerms } from "./market/market-section";
import { CareerHistory } from "./records";
import { SellerType } from "./seller-type";
import { TellsExtractorId } from "./tells/extract-cues";

/**
 * "shaped": on v1 tasks the original formula (frozen); on v2 tasks potential-based shaping whose
 * return equals the task score (env/potential-reward.ts). "shaped-v1": the original formula on
 * any task, for old numbers. "terminal": 0 until the end, then the episode's score.
 */
export const RewardMode = z.enum(["shaped", "shaped-v1", "terminal"]);
export type RewardMode = z.infer<typeof RewardMode>;

/** Everything that defines one episode before the first move. Same spec + seller + actions ⇒ same episode. */
export const EpisodeSpec = z.object({
  episode_id: z.string().min(1).max(255),
  task_id: z.string(),
  task_version: z.string(),
  seed: z.number().int().min(0),
  episode: z.number().int().min(1),
  total_episodes: z.number().int().min(1),
  item: z.object({ name: z.string(), category: z.string().nullable(), listing_id: z.string().nullable() }),
  buyer_budget: z.number().positive(),
  seller_cost: z.number().positive(),
  anchor_base: z.number().positive(),
  rounds: z.number().int().min(1),
  concession_rate: z.number(),
  inventory: z.number().int().min(1),
  batna_probability: z.number().min(0).max(1),
  buyer_deadline: z.number().int().nullable(),
  reveal_personality: z.boolean(),
  enable_tells: z.boolean(),
  history_window: z.number().int().min(0).max(64),
  reward_mode: RewardMode,
  enable_career: z.boolean(),
  /** Career carried into this episode (career tasks only). */
  career: CareerHistory.nullable(),
  /**
   * Which extractor reads the seller's words into tells. Absent means "rules": v1 episodes
   * never carry the key, so their recorded specs keep their bytes.
   */
  tells_extractor: TellsExtractorId.optional(),
  /** The learned model (version and content hash) when the model path reads, like a seller version. */
  tells_model: z.object({ version: z.string(), hash: z.string() }).optional(),
  /**
   * How the environment's own words write prices: "exact" (to the paisa, as the buyer's screen
   * shows them; tasks from version 3). Absent means whole rupees: v1/v2 logs keep their bytes.
   */
  money: z.literal("exact").optional(),
  /** v2 tasks only: the hidden seller type drawn for this seed (absent on v1, whose logs stay byte-identical). */
  seller_type: SellerType.optional(),
  /**
   * marketplace_arena from @4: the listing market the episode sits in (units, virtual clock, the
   * rival field drawn for this seed). Absent on every other task, whose logs keep their bytes.
   */
  market: MarketTerms.optional(),
});
export type EpisodeSpec = z.infer<typeof EpisodeSpec>;

/** Game v2 episodes carry a hidden seller type; v1 episodes never do (their logs stay byte-identical). */
export const isGameV2 = (spec: Pick<EpisodeSpec, "seller_type">): boolean => spec.seller_type !== undefined;
