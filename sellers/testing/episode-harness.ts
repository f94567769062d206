import type { EpisodeSpec } from "../../env/episode-spec";
import type { EpisodeState } from "../../env/episode-state";
import { type ExternalSellerTurn, startEpisode, stepEpisode } from "../../env/episode-step";
import type { SellerRepliedEvent } from "../../env/events";
import type { SellerPolicy } from "../../env/seller-policy";
import type { SellerType } from "../../env/seller-type";

/** A bare episode spec for driving a seller through the real engine without a task catalog. */
export interface HarnessSetup {
  seed: number;
  cost: number;
  anchorBase: number;
  rounds: number;
  itemName?: string;
  budget?: number;
  /** A hidden seller type: makes the episode a game-v2 one (typed tells, v2 reward). */
  sellerType?: SellerType;
}

export function harnessSpec(h: HarnessSetup): EpisodeSpec {
  return {
    episode_id: `harness-${h.seed}`,
    task_id: "harness",
    task_version: "1",
    seed: h.seed,
    episode: 1,
    total_episodes: 1,
    item: { name: h.itemName ?? "brass lamp", category: null, listing_id: null },
    buyer_budget: h.budget ?? h.anchorBase * 2,
    seller_cost: h.cost,
    anchor_base: h.anchorBase,
    rounds: h.rounds,
    concession_rate: 0.08,
    inventory: 1,
    batna_probability: 0.05,
    buyer_deadline: null,
    reveal_personality: false,
    enable_tells: true,
    history_window: 6,
    reward_mode: "shaped",
    enable_career: false,
    career: null,
    ...(h.sellerType === undefined ? {} : { seller_type: h.sellerType }),
  };
}

/** Play buyer offers until the episode ends (or the offers run out); external turns are used where given. */
export function playOffers(
  seller: SellerPolicy,
  h: HarnessSetup,
  offers: readonly number[],
  external?: (s: EpisodeState) => ExternalSellerTurn | undefined,
): EpisodeState {
  const s = startEpisode(harnessSpec(h), { seller, grade: null });
  for (const price of offers) {
    if (s.done) break;
    stepEpisode(s, { type: "offer", price, message: "" }, { seller, grade: null }, external?.(s));
  }
  return s;
}

export const sellerReplies = (s: EpisodeState): SellerRepliedEvent[] =>
  s.events.filter((e): e is SellerRepliedEvent => e.type === "seller_replied");
