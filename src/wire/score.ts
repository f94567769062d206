import { z } from "zod";

/** What GET /score says in either role, before the role's own metrics (SellerScoreResponse adds `role`). */
export const SCORE_FIELDS = {
  session_id: z.string(),
  task: z.string(),
  score: z.number(),
  success: z.boolean(),
  episodes_completed: z.number().int(),
  total_episodes: z.number().int(),
};

export const ScoreResponse = z.object({
  ...SCORE_FIELDS,
  metrics: z.object({
    deals: z.number().int(),
    walks: z.number().int(),
    expired: z.number().int(),
    mean_normalized_surplus: z.number(),
    mean_rounds: z.number(),
    cumulative_reward: z.number(),
  }),
});
export type ScoreResponse = z.infer<typeof ScoreResponse>;
