import { z } from "zod";
import { SellerRefWire } from "./step-info";

/** GET /episodes?limit=N: how many of the newest finished episodes to list. */
export const EpisodeListQuery = z
  .object({ limit: z.coerce.number().int().min(1).max(100).default(20) })
  .strict();

/** One finished episode in the replay list: enough to pick it, none of its log. */
export const EpisodeListItem = z.object({
  episode_id: z.string(),
  task: z.string(),
  task_version: z.string(),
  seller: SellerRefWire,
  seed: z.number().int(),
  episode: z.number().int(),
  status: z.string(),
  outcome: z.string().nullable(),
  agreed_price: z.number().nullable(),
  branched_from: z.string().nullable(),
  created_at: z.string(),
});
export type EpisodeListItem = z.infer<typeof EpisodeListItem>;

export const EpisodeListResponse = z.object({ episodes: z.array(EpisodeListItem) });
export type EpisodeListResponse = z.infer<typeof EpisodeListResponse>;
