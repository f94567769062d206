import { z } from "zod";
import { EpisodeEvent } from "../../env/events";
import { PublicEpisode } from "../../env/public-state";
import { DealRecord } from "../../env/records";
import { SellerRefWire } from "./step-info";

export const EpisodeSummary = z.object({
  rounds: z.number().int(),
  buyer_moves: z.number().int(),
  seller_replies: z.number().int(),
  outcome: z.string().nullable(),
  agreed_price: z.number().nullable(),
  cumulative_reward: z.number(),
  /** The task grader applied to this episode alone; null while it runs. */
  score: z.number().nullable(),
});

/**
 * GET /episodes/:id. `visibility` says which projection this is: "public" (the episode as its
 * buyer saw it, while its run is still being played) or "full" (the stored event log with the
 * seller's hidden values, once the run is over). Never carries a session id.
 */
export const EpisodeView = z.object({
  episode_id: z.string(),
  visibility: z.enum(["public", "full"]),
  task: z.string(),
  task_version: z.string(),
  seller: SellerRefWire,
  engine_version: z.string(),
  seed: z.number().int(),
  episode: z.number().int(),
  status: z.string(),
  record: DealRecord.nullable(),
  branched_from: z.string().nullable(),
  from_round: z.number().int().nullable(),
  created_at: z.string(),
  summary: EpisodeSummary,
  /** The buyer's view of the episode; always present. */
  public: PublicEpisode,
  /** The whole event log, hidden values included; null until the run is over. */
  events: z.array(EpisodeEvent).nullable(),
});
export type EpisodeView = z.infer<typeof EpisodeView>;
