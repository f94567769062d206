import { z } from "zod";

/** A filter value: a task reference, a seller "id@version" or an engine version. */
const FilterValue = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[A-Za-z0-9_.:@+-]+$/, "letters, digits and _ . : @ + - only");

/** GET /leaderboard query: every filter optional; an empty value means "any". */
export const LeaderboardQuery = z
  .object({
    task: FilterValue.optional(),
    seller: FilterValue.regex(/@\d+$/, 'a seller as "id@version", e.g. bazaar-default@1').optional(),
    engine: FilterValue.optional(),
  })
  .strict();
export type LeaderboardQuery = z.infer<typeof LeaderboardQuery>;

const Ci = z.tuple([z.number(), z.number()]);

export const LeaderboardExample = z.object({
  task: z.string(),
  seed: z.number().int(),
  episode_id: z.string(),
  score: z.number(),
  why: z.enum(["lowest", "median", "highest"]),
  /** The replay page for this episode; null where this build cannot rebuild it (an LLM seller, a listings file, another release). */
  replay: z.string().nullable(),
});

/** One buyer on one task (or "all") in one finished eval run, with what it depends on. */
export const LeaderboardRow = z.object({
  rank: z.number().int().min(1),
  buyer: z.string(),
  buyer_prompt_hash: z.string().nullable(),
  task: z.string(),
  task_versions: z.record(z.string(), z.string()),
  sellers: z.record(z.string(), z.string()),
  engine_version: z.string(),
  tells: z.boolean(),
  seeds: z.number().int(),
  mean_task_score: z.number(),
  task_score_ci95: Ci,
  fraction_of_oracle: z.number().nullable(),
  parse_error_rate: z.number(),
  run_id: z.string(),
  git_commit: z.string(),
  created_at: z.string(),
  examples: z.array(LeaderboardExample),
  /** The run's summary (GET /eval/runs/:run_id). */
  run: z.string(),
});
export type LeaderboardRow = z.infer<typeof LeaderboardRow>;

export const LeaderboardResponse = z.object({
  per_task: z.array(LeaderboardRow),
  overall: z.array(LeaderboardRow),
  available: z.object({
    tasks: z.array(z.string()),
    sellers: z.array(z.string()),
    engines: z.array(z.string()),
  }),
  runs_considered: z.number().int(),
  filters: LeaderboardQuery,
  /** Rows whose parse-error rate is above this are marked: their numbers are mostly the fallback's. */
  parse_error_warn: z.number(),
  /** How to add results (shown when there are none). */
  how_to_add: z.string(),
});
export type LeaderboardResponse = z.infer<typeof LeaderboardResponse>;

/** GET /eval/runs/:run_id: the run's provenance and its reproducible summary. */
export const EvalRunResponse = z.object({
  run_id: z.string(),
  git_commit: z.string(),
  engine_version: z.string(),
  created_at: z.string(),
  summary: z.record(z.string(), z.unknown()),
});
