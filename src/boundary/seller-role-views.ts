import { replayEvents } from "../../env/episode-state";
import type { BuyerRef } from "../../env/seller-role/buyer-ref";
import { observeSeller } from "../../env/seller-role/observe-seller";
import { sellerRecord } from "../../env/seller-role/seller-record";
import {
  type SellerRunState,
  type SellerStepResult,
  sellerRunComplete,
} from "../../tasks/seller-role/seller-run";
import type { StoredEpisode } from "../storage/episode-store";
import type {
  SellerEpisodeView,
  SellerPublicState,
  SellerResetResponse,
  SellerStepResponse,
} from "../wire/seller-role";
import { hiddenRevealed, type StoredEpisodeFacts, storedRevealed } from "./reveal";

/**
 * The seller role's side of the information boundary. The agent holds the seller's numbers
 * (they are its brief); the BUYER's budget, deadline and the buyer policy's internals are hidden
 * until the episode is over. Every reply a seller-role agent receives is built here.
 */
export function sellerResetView(
  sessionId: string,
  run: SellerRunState,
  r: SellerStepResult,
  ignored: string[],
): SellerResetResponse {
  const spec = run.episode.spec;
  return {
    ...sellerStepView(sessionId, r, run.episode.spec.episode_id),
    reward: null,
    info: {
      ...r.info,
      seed: spec.seed,
      task_id: spec.task_id,
      task_version: spec.task_version,
      tells: spec.enable_tells,
      history_window: spec.history_window,
      ignored_keys: ignored,
    },
  };
}

/**
 * `episode_id` names the episode being played (the observation's), as on the buyer side; in a
 * career the step that ends a deal names that deal in `info.episode_id`.
 */
export function sellerStepView(
  sessionId: string,
  r: SellerStepResult,
  episodeId: string = r.info.episode_id,
): SellerStepResponse {
  // SellerStepResult is exactly the Gym-style reply (observation, reward, flags, info).
  return { session_id: sessionId, episode_id: episodeId, ...r };
}

export function sellerStateView(sessionId: string, run: SellerRunState): SellerPublicState {
  const e = run.episode;
  return {
    role: "seller",
    session_id: sessionId,
    episode_id: e.spec.episode_id,
    task: `${e.spec.task_id}@${e.spec.task_version}`,
    buyer: run.buyer.ref,
    round: e.round,
    max_rounds: e.maxRounds,
    done: e.done,
    outcome: e.outcome,
    agreed_price: e.agreedPrice,
    ask_price: e.anchor,
    reservation: e.reservation,
    cost: e.spec.seller_cost,
    dialogue: e.dialogue,
    // A career's buyer is one buyer across its deals: its numbers show only once the run is over.
    hidden: hiddenRevealed({ episodeOver: e.done, runLive: !sellerRunComplete(run) })
      ? { buyer_budget: e.spec.buyer_budget, buyer_deadline: e.spec.buyer_deadline }
      : null,
  };
}

export function sellerEpisodeView(
  ep: StoredEpisode,
  buyer: BuyerRef,
  facts: StoredEpisodeFacts,
): SellerEpisodeView {
  const state = replayEvents(ep.events, null);
  const full = storedRevealed(facts);
  return {
    episode_id: ep.id,
    role: "seller",
    visibility: full ? "full" : "public",
    task: ep.task,
    task_version: ep.task_version,
    buyer,
    persona_seller: ep.seller,
    engine_version: ep.engine_version,
    seed: ep.seed,
    status: ep.status,
    created_at: new Date(ep.created_at).toISOString(),
    branched_from: ep.branched_from,
    from_round: ep.from_round,
    seller_view: observeSeller(state),
    dialogue: state.dialogue,
    seller_result: sellerRecord(state),
    events: full ? ep.events : null,
  };
}
