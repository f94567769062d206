import { type ResolvedBuyer, resolveBuyer, UnknownBuyerReleaseError } from "../../../buyers/registry";
import { replayEvents } from "../../../env/episode-state";
import type { EpisodeRuntime } from "../../../env/episode-step";
import { sellerRecord } from "../../../env/seller-role/seller-record";
import { resolveSeller } from "../../../sellers/registry";
import { gradeSeller } from "../../../tasks/seller-role/grade-seller";
import {
  openSellerRun,
  type SellerRunState,
  type SellerStepResult,
} from "../../../tasks/seller-role/seller-run";
import { requireSellerTask, UnknownSellerTaskError } from "../../../tasks/seller-role/seller-tasks";
import type { RunOptionsRow, StoredEpisode } from "../../storage/episode-store";
import { understoodResetKeys } from "../../wire/reset";
import { SellerResetRequest, type SellerScoreResponse } from "../../wire/seller-role";
import { ServiceError } from "../service-error";

/** Turns a buyer key into a release ready to play (LLM buyers need the shell's backends). */
export type BuyerResolver = (key: string) => ResolvedBuyer;

export const codeBuyers: BuyerResolver = (key) => resolveBuyer(key);

export const DEFAULT_SELLER_TASK = "sell_single_deal@1";

/** Keys a seller-role /reset understands (its schema's); anything else is listed back as ignored. */
export const SELLER_RESET_KEYS = understoodResetKeys(SellerResetRequest);

export function sellerDomainError(err: unknown): unknown {
  if (err instanceof UnknownSellerTaskError) {
    return new ServiceError("UNKNOWN_TASK", err.message, 400, { requested: err.requested });
  }
  if (err instanceof UnknownBuyerReleaseError) {
    return new ServiceError("UNKNOWN_BUYER", err.message, 400, { requested: err.requested });
  }
  return err;
}

/** The options row a seller-role session stores: enough to rebuild it after a restart. */
export function sellerOptionsRow(
  req: SellerResetRequest,
  episodeId: string,
  buyerKey: string,
  ws: boolean,
): RunOptionsRow {
  return {
    ...(ws ? { ws: true as const } : {}),
    role: "seller",
    buyer: buyerKey,
    episode_id: episodeId,
    seller: "",
    reward_mode: "terminal",
    tells: req.options?.tells ?? true,
    history_window: req.options?.history_window ?? 6,
    reveal_personality: null,
    timeout_s: typeof req.timeout_s === "number" && req.timeout_s > 0 ? req.timeout_s : null,
    ...(req.options?.tells_extractor === undefined ? {} : { tells_extractor: req.options.tells_extractor }),
  };
}

/** Open a seller-role run for a reset request, mapping unknown tasks/buyers to 400s. */
export async function openSellerSessionRun(
  req: SellerResetRequest,
  seed: number,
  episodeId: string,
  buyers: BuyerResolver,
): Promise<{ run: SellerRunState; result: SellerStepResult; task: string }> {
  try {
    const taskRef = req.task ?? req.task_id ?? DEFAULT_SELLER_TASK;
    const task = requireSellerTask(taskRef);
    const buyer = buyers(req.buyer ?? task.buyer);
    const opened = await openSellerRun(taskRef, {
      seed,
      episodeId,
      buyer,
      enableTells: req.options?.tells,
      historyWindow: req.options?.history_window,
      tellsExtractor: req.options?.tells_extractor,
    });
    return { ...opened, task: `${task.id}@${task.version}` };
  } catch (err) {
    throw sellerDomainError(err);
  }
}

/**
 * Rebuild a seller-role session from its stored episode after a restart: the log replays to the
 * same state (the buyer's past moves are facts in it, so an LLM buyer is never asked again).
 */
export function rebuildSellerRun(
  task: string,
  options: RunOptionsRow,
  stored: StoredEpisode,
  buyers: BuyerResolver,
): SellerRunState {
  const def = requireSellerTask(task);
  const buyer = buyers(options.buyer ?? def.buyer);
  const episode = replayEvents(stored.events, null);
  const runtime: EpisodeRuntime = {
    seller: resolveSeller(`${stored.seller.id}@${stored.seller.version}`),
    grade: null,
    buyer: buyer.ref,
  };
  const buyerSteps = stored.events.filter((e) => e.type === "buyer_acted").length;
  return { task: def, buyer, runtime, episode, buyerSteps, buyerFallbacks: 0 };
}

/** What a step in the other role's shape is told: which action shape this session takes. */
export const ROLE_MISMATCH = {
  seller:
    'This session plays the seller (it was reset with "role": "seller"): send action {"action_type": "counter" | "accept" | "walk", "price"?, "message"?}.',
  buyer:
    'This session plays the buyer: send action {"type": "offer" | "accept" | "walk", "price"?, "message"?}, or reset with "role": "seller".',
} as const;

export function sellerScore(sessionId: string, run: SellerRunState): SellerScoreResponse {
  const record = sellerRecord(run.episode);
  const g = gradeSeller(record === null ? [] : [record]);
  return {
    role: "seller",
    session_id: sessionId,
    task: `${run.task.id}@${run.task.version}`,
    score: g.score,
    success: record !== null && g.score >= run.task.successThreshold,
    episodes_completed: record === null ? 0 : 1,
    total_episodes: 1,
    metrics: {
      deal_rate: g.deal_rate,
      below_reservation_rate: g.below_reservation_rate,
      mean_profit_share: g.mean_profit_share,
      mean_bonus: g.mean_bonus,
    },
  };
}
