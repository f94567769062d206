import { z } from "zod";
import { DialogueTurn } from "../../env/dialogue";
import { EpisodeEvent } from "../../env/events";
import { DealOutcome } from "../../env/records";
import { BuyerRef } from "../../env/seller-role/buyer-ref";
import { SellerAction } from "../../env/seller-role/seller-action";
import { SellerObservation } from "../../env/seller-role/seller-observation";
import { SellerRecord } from "../../env/seller-role/seller-record";
import { TellsExtractorId } from "../../env/tells/extract-cues";
import { RESET_FIELDS } from "./reset";
import { SCORE_FIELDS } from "./score";
import { SessionId } from "./session-id";
import { STEP_FIELDS } from "./step";
import { SellerRefWire } from "./step-info";

/** Who the agent plays; "buyer" (the default) keeps every existing request and reply unchanged. */
export const Role = z.enum(["buyer", "seller"]);
export type Role = z.infer<typeof Role>;

export const SellerResetOptions = z
  .object({
    tells: z.boolean().optional(),
    history_window: z.number().int().min(0).max(64).optional(),
    tells_extractor: TellsExtractorId.optional(),
  })
  .strict();

/**
 * POST /reset with `"role": "seller"` (and the WS reset frame, batch items, MCP new_sale): the
 * agent sells against a pinned buyer. Unknown keys are accepted and listed back, as on the buyer side.
 */
export const SellerResetRequest = z
  .object({
    role: z.literal("seller"),
    ...RESET_FIELDS,
    /** The opponent buyer release, "id@version" (the task's pinned buyer when omitted). */
    buyer: z.string().min(1).max(200).optional(),
    options: SellerResetOptions.optional(),
  })
  .loose();
export type SellerResetRequest = z.infer<typeof SellerResetRequest>;

export const SellerStepRequest = z
  .object({ session_id: SessionId, action: SellerAction, ...STEP_FIELDS })
  .loose();
export type SellerStepRequest = z.infer<typeof SellerStepRequest>;

/** Diagnostics of a seller-role step. Nothing of the buyer's hidden state is in it. */
export const SellerStepInfoWire = z.object({
  role: z.literal("seller"),
  episode_id: z.string(),
  task: z.string(),
  buyer: BuyerRef,
  persona_seller: SellerRefWire,
  engine_version: z.string(),
  seller_role_version: z.string(),
  /** Corrections of the agent's own move (a counter without a price, above its last quote, …). */
  guard: z.array(z.unknown()),
  violations: z.array(z.string()),
  /** The buyer's last move was its fallback (an LLM buyer that failed or answered garbage). */
  buyer_fallback: z.boolean(),
  /** The record of the episode that ended on this step (in a career, the deal just done). */
  seller_result: SellerRecord.optional(),
  /** Careers: that episode ended and the next one began (the observation is the new one's). */
  episode_done: z.boolean().optional(),
  terminal_observation: SellerObservation.optional(),
});

export const SellerResetResponse = z.object({
  session_id: z.string(),
  episode_id: z.string(),
  observation: SellerObservation,
  reward: z.null(),
  /** A buyer may take the ask at once, so a seller-role reset can already be over. */
  done: z.boolean(),
  terminated: z.boolean(),
  truncated: z.boolean(),
  info: SellerStepInfoWire.extend({
    seed: z.number().int(),
    task_id: z.string(),
    task_version: z.string(),
    tells: z.boolean(),
    history_window: z.number().int(),
    ignored_keys: z.array(z.string()),
  }),
});
export type SellerResetResponse = z.infer<typeof SellerResetResponse>;

export const SellerStepResponse = z.object({
  session_id: z.string(),
  episode_id: z.string(),
  observation: SellerObservation,
  reward: z.number(),
  done: z.boolean(),
  terminated: z.boolean(),
  truncated: z.boolean(),
  info: SellerStepInfoWire,
});
export type SellerStepResponse = z.infer<typeof SellerStepResponse>;

/** GET /state of a seller-role session: the seller's own numbers; the buyer's only once it is over. */
export const SellerPublicState = z.object({
  role: z.literal("seller"),
  session_id: z.string(),
  episode_id: z.string(),
  task: z.string(),
  buyer: BuyerRef,
  round: z.number().int(),
  max_rounds: z.number().int(),
  done: z.boolean(),
  outcome: DealOutcome.nullable(),
  agreed_price: z.number().nullable(),
  ask_price: z.number(),
  reservation: z.number(),
  cost: z.number(),
  dialogue: z.array(DialogueTurn),
  /** The buyer's hidden budget and deadline: null while the episode runs. */
  hidden: z.object({ buyer_budget: z.number(), buyer_deadline: z.number().int().nullable() }).nullable(),
});
export type SellerPublicState = z.infer<typeof SellerPublicState>;

export const SellerScoreResponse = z.object({
  role: z.literal("seller"),
  ...SCORE_FIELDS,
  metrics: z.object({
    deal_rate: z.number(),
    below_reservation_rate: z.number(),
    mean_profit_share: z.number().nullable(),
    mean_bonus: z.number(),
  }),
});
export type SellerScoreResponse = z.infer<typeof SellerScoreResponse>;

/** GET /episodes/:id of a seller-role episode: the seller's view while it runs, the whole log once over. */
export const SellerEpisodeView = z.object({
  episode_id: z.string(),
  role: z.literal("seller"),
  visibility: z.enum(["public", "full"]),
  task: z.string(),
  task_version: z.string(),
  buyer: BuyerRef,
  persona_seller: SellerRefWire,
  engine_version: z.string(),
  seed: z.number().int(),
  status: z.string(),
  created_at: z.string(),
  /** A what-if branch names the episode and round it was branched from (null otherwise). */
  branched_from: z.string().nullable(),
  from_round: z.number().int().nullable(),
  seller_view: SellerObservation,
  /**
   * The whole conversation so far as the seller heard it (seller_view's is windowed): what a
   * replay of a live sale draws. Nothing in it the seller did not see when it was said.
   */
  dialogue: z.array(DialogueTurn),
  seller_result: SellerRecord.nullable(),
  /** The whole event log (the buyer's hidden budget included): null until the episode is over. */
  events: z.array(EpisodeEvent).nullable(),
});
export type SellerEpisodeView = z.infer<typeof SellerEpisodeView>;

const isRecord = (x: unknown): x is Record<string, unknown> =>
  typeof x === "object" && x !== null && !Array.isArray(x);

/** A reset body asking for the seller role (validated as SellerResetRequest then). */
export const isSellerReset = (body: unknown): boolean => isRecord(body) && body.role === "seller";

/** A step body in the seller role's shape: its action names `action_type` (the buyer's names `type`). */
export const isSellerStep = (body: unknown): boolean => isRecord(body) && isSellerAction(body.action);

export const isSellerAction = (action: unknown): boolean => isRecord(action) && "action_type" in action;

/** GET /buyers: the seller role's opponents and tasks. */
export const BuyersResponse = z.object({
  buyers: z.array(
    z.object({
      key: z.string(),
      id: z.string(),
      version: z.number().int(),
      kind: z.string(),
      description: z.string(),
      hash: z.string(),
    }),
  ),
  llm_key_forms: z.array(z.string()),
  tasks: z.array(
    z.object({
      id: z.string(),
      difficulty: z.string(),
      description: z.string(),
      buyer: z.string(),
      success_threshold: z.number(),
      /** The current version of its task (listed first; /web/sell opens on the first). */
      current: z.boolean(),
    }),
  ),
});

/**
 * GET /buyers/health: the language-model buyers this server can play (one per configured model
 * backend), under the exact key /reset takes, and whether that backend answers right now. A
 * buyer whose backend does not answer still plays: its defined fallback moves instead.
 */
export const BuyerHealthResponse = z.object({
  buyers: z.array(
    z.object({
      key: z.string(),
      backend: z.string(),
      reachable: z.boolean(),
      detail: z.string(),
    }),
  ),
});
export type BuyerHealthResponse = z.infer<typeof BuyerHealthResponse>;
