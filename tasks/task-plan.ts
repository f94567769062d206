import type { EpisodeSpec } from "../env/episode-spec";
import type { EpisodeStartedEvent } from "../env/events";
import { rngFor } from "../env/prng";
import type { DealRecord } from "../env/records";
import type { EpisodePlanArgs, RunPlan } from "../env/run";
import type { SellerPolicy } from "../env/seller-policy";
import { tellsSpecFields } from "../env/tells/extract-cues";
import { arenaFeed, drawArena } from "../markets/arena/arena-market";
import { type FieldRelease, findField } from "../markets/arena/rival-releases";
import { BAZAAR_ITEMS } from "./bazaar-items";
import { type GraderParams, grade } from "./graders/grade";
import { type Listing, listingEconomics, sampleListing } from "./listings/listing";
import type { TaskDefinition } from "./task-definition";
import { gradeV2 } from "./v2/grade-v2";
import { drawEconomics, drawSellerType } from "./v2/task-draws";

export interface PlanOptions {
  seller: SellerPolicy;
  /** Products for listing-based tasks (the built-in catalog unless a file was loaded). */
  listings: readonly Listing[];
  /** Overrides for ablations: reveal or hide the seller's persona. */
  revealPersonality?: boolean;
}

function graderParams(t: TaskDefinition): GraderParams {
  return {
    buyerBudget: t.buyerBudget,
    sellerCost: t.sellerCost,
    buyerDeadline: t.buyerDeadline,
    roundsPerEpisode: t.roundsPerEpisode,
  };
}

/** Turn a task definition into what the engine runs: per-episode specs, a seller and graders. */
function arenaField(t: TaskDefinition): FieldRelease | null {
  if (t.arena === undefined) return null;
  const field = findField(t.arena);
  if (field === undefined) throw new Error(`task ${t.id}@${t.version} names unknown field ${t.arena}`);
  return field;
}

export function planTask(t: TaskDefinition, o: PlanOptions): RunPlan {
  const params = graderParams(t);
  const field = arenaField(t);
  const episodeSpec = (a: EpisodePlanArgs): EpisodeSpec => {
    let item: EpisodeSpec["item"] = {
      name: BAZAAR_ITEMS[(a.episode - 1) % BAZAAR_ITEMS.length]!,
      category: null,
      listing_id: null,
    };
    let budget = t.buyerBudget;
    let cost = t.sellerCost;
    let anchorBase = t.sellerCost * t.anchorMultiplier;
    let listingPrices: { cost: number; listPrice: number } | null = null;
    if (t.items === "listings") {
      const listing = sampleListing(o.listings, rngFor(a.seed, "listing", a.episode, 0));
      const econ = listingEconomics(listing);
      item = { name: listing.name, category: listing.category, listing_id: listing.id };
      budget = econ.buyerBudget;
      cost = econ.sellerCost;
      anchorBase = econ.anchor;
      listingPrices = { cost: econ.sellerCost, listPrice: econ.anchor };
    }
    let rounds = t.roundsPerEpisode;
    let deadline = t.buyerDeadline;
    const sellerType = t.draws === undefined ? undefined : drawSellerType(t.draws, a.seed);
    if (t.draws !== undefined && sellerType !== undefined) {
      const econ = drawEconomics(t.draws, sellerType, a.seed, a.episode, listingPrices);
      ({ budget, cost, anchorBase, rounds, deadline } = econ);
    }
    return {
      episode_id: a.episodeId,
      task_id: t.id,
      task_version: t.version,
      seed: a.seed,
      episode: a.episode,
      total_episodes: t.totalEpisodes,
      item,
      buyer_budget: budget,
      seller_cost: cost,
      anchor_base: anchorBase,
      rounds,
      concession_rate: t.concessionRate,
      inventory: t.inventory,
      batna_probability: t.batnaProbability,
      buyer_deadline: deadline,
      reveal_personality: o.revealPersonality ?? t.revealPersonality,
      enable_tells: a.enableTells,
      history_window: a.historyWindow,
      reward_mode: a.rewardMode,
      enable_career: t.enableCareer,
      career: t.enableCareer ? a.career : null,
      ...tellsSpecFields(a.tellsExtractor, a.tellsModel),
      ...(t.money === undefined ? {} : { money: t.money }),
      ...(sellerType === undefined ? {} : { seller_type: sellerType }),
      ...(field === null ? {} : { market: drawArena(field, a.seed, a.episode) }),
    };
  };
  return {
    taskId: t.id,
    taskVersion: t.version,
    totalEpisodes: t.totalEpisodes,
    successThreshold: t.successThreshold,
    seller: o.seller,
    episodeSpec,
    grade: (records: readonly DealRecord[]) =>
      t.draws === undefined ? grade(t.grader, records, params) : gradeV2(t.grader, records, params),
    gradeEpisode: (record: DealRecord) =>
      t.draws === undefined ? grade(t.grader, [record], params) : gradeV2(t.grader, [record], params),
    ...(field === null
      ? {}
      : {
          marketFeed: (opening: EpisodeStartedEvent) => {
            const terms = opening.spec.market;
            if (terms === undefined) throw new Error("a market task's episode spec carries its market");
            return arenaFeed(opening, terms, o.seller);
          },
        }),
  };
}
