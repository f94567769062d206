import { z } from "zod";
import { RewardMode } from "../../env/episode-spec";
import { Observation } from "../../env/observation";
import { TellsExtractorId } from "../../env/tells/extract-cues";
import { SessionId } from "./session-id";
import { SellerRefWire } from "./step-info";

export const MAX_SEED = Number.MAX_SAFE_INTEGER;

export const ResetOptions = z
  .object({
    /** Tells on/off, for ablations; the eval records which. */
    tells: z.boolean().optional(),
    /** How many past dialogue turns the observation carries (default 6). */
    history_window: z.number().int().min(0).max(64).optional(),
    /** Show the seller's persona to the buyer (tasks choose a default, D4). */
    reveal_personality: z.boolean().optional(),
    /** Who reads the seller's words into tells: "rules" (v1 default), "model", or "llm:<backend>". */
    tells_extractor: TellsExtractorId.optional(),
  })
  .strict();

/**
 * POST /reset and the WS reset frame. Unknown keys are accepted and ignored (OpenEnv forwards
 * whole dataset rows, e.g. `prompt`); they are listed back in info.ignored_keys.
 */
/** What a reset names in either role: the session to reuse, the task, the seed and the episode id. */
export const RESET_FIELDS = {
  session_id: SessionId.optional(),
  task: z.string().min(1).max(64).optional(),
  /** OpenEnv/TRL spelling of `task`. */
  task_id: z.string().min(1).max(64).optional(),
  seed: z.number().int().min(0).max(MAX_SEED).optional(),
  episode_id: z.string().min(1).max(255).optional(),
};

export const ResetRequest = z
  .object({
    /** Who the agent plays: "buyer" (the default) here; "seller" is src/wire/seller-role.ts's SellerResetRequest. */
    role: z.enum(["buyer", "seller"]).optional(),
    ...RESET_FIELDS,
    seller: z.string().min(1).max(200).optional(),
    reward_mode: RewardMode.optional(),
    options: ResetOptions.optional(),
  })
  .loose();
export type ResetRequest = z.infer<typeof ResetRequest>;

/**
 * A key read from a reset request that its schema leaves untyped: `timeout_s`, recorded with the
 * run's options when it is a positive number (OpenEnv clients send it; a step's own timeout_s
 * is what bounds the opponent). Understood, so never listed back as ignored.
 */
export const UNTYPED_RESET_KEYS: readonly string[] = ["timeout_s"];

/**
 * The keys a reset of either role understands: its schema's own keys plus the untyped ones.
 * Anything else is accepted, ignored and listed back in info.ignored_keys (OPENENV §2.1).
 */
export const understoodResetKeys = (schema: z.ZodObject): ReadonlySet<string> =>
  new Set([...Object.keys(schema.shape), ...UNTYPED_RESET_KEYS]);

export const ResetInfo = z.object({
  seed: z.number().int(),
  task_id: z.string(),
  task_version: z.string(),
  seller: SellerRefWire,
  reward_mode: RewardMode,
  tells: z.boolean(),
  history_window: z.number().int(),
  engine_version: z.string(),
  episode: z.number().int(),
  total_episodes: z.number().int(),
  ignored_keys: z.array(z.string()),
});

export const ResetResponse = z.object({
  session_id: z.string(),
  episode_id: z.string(),
  observation: Observation,
  reward: z.null(),
  done: z.literal(false),
  terminated: z.literal(false),
  truncated: z.literal(false),
  info: ResetInfo,
});
export type ResetResponse = z.infer<typeof ResetResponse>;
