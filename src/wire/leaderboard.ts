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

/** Which leaderboard: buyers (the default, as before roles) or seller agents. */
export const LeaderboardRole = z.enum(["buyer", "seller"]);
export type LeaderboardRole = z.infer<typeof LeaderboardRole>;

/** The role alone, read first: it decides which filters the rest of the query may hold. */
export const LeaderboardRoleQuery = z.object({ role: LeaderboardRole.optional() }).passthrough();

const Versioned = (example: string) => FilterValue.regex(/@\d+$/, `"id@version", e.g. ${example}`);

/** GET /leaderboard?role=seller query: every filter optional. */
export const SellerLeaderboardQuery = z
  .object({
    task: FilterValue.optional(),
    /** The pinned buyer the agents sold to. */
    buyer: Versioned("rule-smart@1").optional(),
    /** A seller agent. */
    agent: Versioned("scripted-seller@1").optional(),
    engine: FilterValue.optional(),
  })
  .strict();
export type SellerLeaderboardQuery = z.infer<typeof SellerLeaderboardQuery>;

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

/**
 * One seller agent on one seller-role task (or "all") against one pinned buyer in one finished
 * seller eval run. Ranked on mean_score, the task's grade (eval/leaderboard/seller-leaderboard.ts).
 * Aggregates only: no seller reservation or cost, no buyer budget.
 */
export const SellerLeaderboardRow = z.object({
  rank: z.number().int().min(1),
  agent: z.string(),
  agent_hash: z.string(),
  task: z.string(),
  task_versions: z.record(z.string(), z.string()),
  /** task → "id@version#hash"; an overall row lists every buyer it pooled, comma-joined. */
  buyers: z.record(z.string(), z.string()),
  engine_version: z.string(),
  tells: z.boolean(),
  seeds: z.number().int(),
  mean_score: z.number(),
  score_ci95: Ci,
  parse_error_rate: z.number(),
  run_id: z.string(),
  git_commit: z.string(),
  created_at: z.string(),
  examples: z.array(LeaderboardExample),
});
export type SellerLeaderboardRow = z.infer<typeof SellerLeaderboardRow>;

export const SellerLeaderboardResponse = z.object({
  role: z.literal("seller"),
  per_task: z.array(SellerLeaderboardRow),
  overall: z.array(SellerLeaderboardRow),
  available: z.object({
    tasks: z.array(z.string()),
    buyers: z.array(z.string()),
    agents: z.array(z.string()),
    engines: z.array(z.string()),
  }),
  runs_considered: z.number().int(),
  filters: SellerLeaderboardQuery,
  parse_error_warn: z.number(),
  how_to_add: z.string(),
});
export type SellerLeaderboardResponse = z.infer<typeof SellerLeaderboardResponse>;

/** GET /leaderboard: the buyer board (no role, or role=buyer), or the seller board (role=seller). */
export const AnyLeaderboardResponse = z.union([LeaderboardResponse, SellerLeaderboardResponse]);

/** GET /eval/runs/:run_id: the run's provenance and its reproducible summary. */
export const EvalRunResponse = z.object({
  run_id: z.string(),
  git_commit: z.string(),
  engine_version: z.string(),
  created_at: z.string(),
  summary: z.record(z.string(), z.unknown()),
});
