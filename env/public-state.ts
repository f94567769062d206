import { z } from "zod";
import { DialogueTurn, OfferRow } from "./dialogue";
import { RewardMode } from "./episode-spec";
import type { EpisodeState } from "./episode-state";
import { CareerHistory, DealOutcome, DealRecord } from "./records";
import type { RunState } from "./run";
import { SellerType } from "./seller-type";
import { TellObservation } from "./tells/tell-observation";

/**
 * The episode as anyone may see it (GET /state, the WS state frame). The seller's economics
 * stay hidden until the episode is over; then they are shown so a run can be audited.
 */
export const PublicState = z.object({
  episode_id: z.string(),
  step_count: z.number().int().min(0),
  task_id: z.string(),
  task_version: z.string(),
  seed: z.number().int(),
  episode: z.number().int(),
  total_episodes: z.number().int(),
  current_round: z.number().int(),
  max_rounds: z.number().int(),
  done: z.boolean(),
  outcome: DealOutcome.nullable(),
  agreed_price: z.number().nullable(),
  seller: z.object({ id: z.string(), version: z.number().int(), hash: z.string() }),
  seller_personality: z.string().nullable(),
  item: z.object({ name: z.string(), category: z.string().nullable(), listing_id: z.string().nullable() }),
  buyer_budget: z.number(),
  seller_asking_price: z.number(),
  reward_mode: RewardMode,
  tells_enabled: z.boolean(),
  offer_history: z.array(OfferRow),
  dialogue: z.array(DialogueTurn),
  tells_history: z.array(TellObservation),
  cumulative_reward: z.number(),
  career_history: CareerHistory.nullable(),
  records: z.array(DealRecord),
  hidden: z
    .object({
      seller_cost: z.number(),
      reservation: z.number(),
      /** Game v2: the seller's hidden type, revealed with the economics once the episode is over. */
      seller_type: SellerType.optional(),
    })
    .nullable(),
});
export type PublicState = z.infer<typeof PublicState>;

export function publicState(r: RunState): PublicState {
  const e = r.episode;
  return {
    episode_id: e.spec.episode_id,
    step_count: e.stepCount,
    task_id: e.spec.task_id,
    task_version: e.spec.task_version,
    seed: e.spec.seed,
    episode: e.spec.episode,
    total_episodes: e.spec.total_episodes,
    current_round: e.round,
    max_rounds: e.maxRounds,
    done: e.done,
    outcome: e.outcome,
    agreed_price: e.agreedPrice,
    seller: e.seller,
    seller_personality: e.spec.reveal_personality ? e.persona : null,
    item: e.spec.item,
    buyer_budget: e.spec.buyer_budget,
    seller_asking_price: e.anchor,
    reward_mode: e.spec.reward_mode,
    tells_enabled: e.spec.enable_tells,
    offer_history: e.offerHistory,
    dialogue: e.dialogue,
    tells_history: e.tellsHistory,
    cumulative_reward: e.cumulativeReward,
    career_history: r.career,
    records: r.records,
    hidden: e.done
      ? {
          seller_cost: e.spec.seller_cost,
          reservation: e.reservation,
          ...(e.spec.seller_type === undefined ? {} : { seller_type: e.spec.seller_type }),
        }
      : null,
  };
}

/**
 * One episode as its buyer saw it: the moves, words and tells exchanged, never the seller's
 * economics. Stored episodes are shown this way while their run is still being played.
 */
export const PublicEpisode = PublicState.pick({
  current_round: true,
  max_rounds: true,
  done: true,
  outcome: true,
  agreed_price: true,
  seller_personality: true,
  item: true,
  buyer_budget: true,
  seller_asking_price: true,
  offer_history: true,
  dialogue: true,
  tells_history: true,
  cumulative_reward: true,
});
export type PublicEpisode = z.infer<typeof PublicEpisode>;

export function publicEpisode(e: EpisodeState): PublicEpisode {
  return {
    current_round: e.round,
    max_rounds: e.maxRounds,
    done: e.done,
    outcome: e.outcome,
    agreed_price: e.agreedPrice,
    seller_personality: e.spec.reveal_personality ? e.persona : null,
    item: e.spec.item,
    buyer_budget: e.spec.buyer_budget,
    seller_asking_price: e.anchor,
    offer_history: e.offerHistory,
    dialogue: e.dialogue,
    tells_history: e.tellsHistory,
    cumulative_reward: e.cumulativeReward,
  };
}
