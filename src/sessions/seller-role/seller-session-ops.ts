import { type ResolvedBuyer, resolveBuyer, UnknownBuyerReleaseError } from "../../../buyers/registry";
import { replayEvents } from "../../../env/episode-state";
import type { EpisodeRuntime } from "../../../env/episode-step";
import { round4 } from "../../../env/money";
import { type SellerRecord, sellerRecord } from "../../../env/seller-role/seller-record";
import type { TellsModelRef } from "../../../env/tells/extract-cues";
import { resolveSeller } from "../../../sellers/registry";
import { gradeSeller } from "../../../tasks/seller-role/grade-seller";
import {
  openSellerRun,
  type SellerRunState,
  type SellerStepResult,
  sellerRunPlan,
  sellerTaskEpisodes,
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
  tellsModel?: TellsModelRef,
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
      ...(tellsModel === undefined ? {} : { tellsModel }),
    });
    return { ...opened, task: `${task.id}@${task.version}` };
  } catch (err) {
    throw sellerDomainError(err);
  }
}

/**
 * Rebuild a seller-role session from its stored episodes after a restart: each log replays to
 * the same state (the buyer's past moves are facts in it, so an LLM buyer is never asked again);
 * a career's earlier episodes give back its records, and the plan draws the episodes to come,
 * read with the session's tells model (the one the stored ones recorded).
 */
export function rebuildSellerRun(
  task: string,
  seed: number,
  options: RunOptionsRow,
  stored: readonly StoredEpisode[],
  buyers: BuyerResolver,
  tellsModel: TellsModelRef,
): SellerRunState {
  const def = requireSellerTask(task);
  const buyer = buyers(options.buyer ?? def.buyer);
  const episodes = stored.map((s) => replayEvents(s.events, null));
  const episode = episodes.at(-1);
  const last = stored.at(-1);
  if (episode === undefined || last === undefined) throw new Error(`no stored episode of ${task}`);
  const plan = sellerRunPlan(task, {
    seed,
    episodeId: options.episode_id,
    enableTells: options.tells,
    historyWindow: options.history_window,
    ...(options.tells_extractor === undefined ? {} : { tellsExtractor: options.tells_extractor }),
    tellsModel,
  });
  const runtime: EpisodeRuntime = {
    seller: resolveSeller(`${last.seller.id}@${last.seller.version}`),
    grade: null,
    buyer: buyer.ref,
  };
  const finished = episodes.slice(0, -1);
  const records = episodes.map((e) => sellerRecord(e)).filter((r): r is SellerRecord => r !== null);
  const buyerSteps = stored.reduce((n, s) => n + s.events.filter((e) => e.type === "buyer_acted").length, 0);
  return {
    task: def,
    buyer,
    runtime,
    episode,
    buyerSteps,
    buyerFallbacks: 0,
    finished,
    records,
    next: plan.next,
  };
}

/** What a step in the other role's shape is told: which action shape this session takes. */
export const ROLE_MISMATCH = {
  seller:
    'This session plays the seller (it was reset with "role": "seller"): send action {"action_type": "counter" | "accept" | "walk", "price"?, "message"?}.',
  buyer:
    'This session plays the buyer: send action {"type": "offer" | "accept" | "walk", "price"?, "message"?}, or reset with "role": "seller".',
} as const;

export function sellerScore(sessionId: string, run: SellerRunState): SellerScoreResponse {
  const total = sellerTaskEpisodes(run.task);
  const g = gradeSeller(run.records);
  // A career is graded over all its deals: the ones not played yet count as no sale.
  const score = round4((g.score * run.records.length) / total);
  return {
    role: "seller",
    session_id: sessionId,
    task: `${run.task.id}@${run.task.version}`,
    score,
    success: run.records.length > 0 && score >= run.task.successThreshold,
    episodes_completed: run.records.length,
    total_episodes: total,
    metrics: {
      deal_rate: g.deal_rate,
      below_reservation_rate: g.below_reservation_rate,
      mean_profit_share: g.mean_profit_share,
      mean_bonus: g.mean_bonus,
    },
  };
}
