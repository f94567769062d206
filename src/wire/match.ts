import { z } from "zod";
import { Observation } from "../../env/observation";
import { MAX_SEED } from "./reset";

/** POST /matches: a server-side buyer plays a seller while anyone with the id watches. */
export const MatchRequest = z
  .object({
    /** A buyer spec from GET /matches/buyers, e.g. "rule:smart" or a configured model buyer. */
    buyer: z.string().min(1).max(200),
    /** A seller key as /reset takes it; the task's pinned seller when omitted. */
    seller: z.string().min(1).max(200).optional(),
    task: z.string().min(1).max(64).default("single_deal"),
    seed: z.number().int().min(0).max(MAX_SEED).default(1),
  })
  .strict();
export type MatchRequest = z.infer<typeof MatchRequest>;

/** GET /matches/:id?after=N: steps from index N on (the page polls with what it already has). */
export const MatchQuery = z.object({ after: z.coerce.number().int().min(0).max(10_000).default(0) }).strict();

/** One buyer move and what the buyer saw after it: public information only, never the seller's floor. */
export const MatchStep = z.object({
  idx: z.number().int(),
  episode: z.number().int(),
  episode_id: z.string(),
  buyer_action: z.enum(["offer", "accept", "walk"]),
  buyer_price: z.number().nullable(),
  buyer_message: z.string(),
  /** The buyer's reply was unusable or its model call failed: the defined fallback move played. */
  fallback: z.boolean(),
  /** Why, when the model call failed (timeout, HTTP error); credentials never appear. */
  error: z.string().nullable(),
  reward: z.number(),
  /** What the buyer saw after the move (a career's finished episode: its last observation). */
  observation: Observation,
});
export type MatchStep = z.infer<typeof MatchStep>;

export const MatchView = z.object({
  match_id: z.string(),
  status: z.enum(["running", "finished", "failed"]),
  buyer: z.string(),
  /** "id@version" of the seller actually played. */
  seller: z.string(),
  task: z.string(),
  task_version: z.string(),
  seed: z.number().int(),
  opening: Observation,
  /** Steps from the query's `after` on; `total_steps` counts all of them. */
  steps: z.array(MatchStep),
  total_steps: z.number().int(),
  fallback_steps: z.number().int(),
  /** Why the match stopped early (status "failed"). */
  error: z.string().nullable(),
  /** Episode ids in play order: once finished, each opens in the replay page with the hidden values. */
  episode_ids: z.array(z.string()),
  /** The replay page of the first episode, once the match is over; null while it runs. */
  replay: z.string().nullable(),
});
export type MatchView = z.infer<typeof MatchView>;

export const MatchBuyer = z.object({
  spec: z.string(),
  kind: z.enum(["code", "model"]),
  /** Model buyers: whether the backend answered the last health probe. */
  reachable: z.boolean(),
  detail: z.string(),
});
export const MatchBuyersResponse = z.object({ buyers: z.array(MatchBuyer) });
export type MatchBuyersResponse = z.infer<typeof MatchBuyersResponse>;
