import { z } from "zod";

/*
 * GET /tasks, GET /sellers and GET /health. Open (extra keys allowed): the catalogs describe
 * releases whose descriptive fields grow, and a reader must never break on a field it does not
 * know. The fields named here are the ones clients (the web UI, the docs) rely on.
 */

export const TaskSummary = z
  .object({
    id: z.string(),
    version: z.string(),
    difficulty: z.string(),
    description: z.string(),
    total_episodes: z.number().int(),
    rounds_per_episode: z.number().int(),
    /** The seller release the task pins, as "id@version". */
    seller: z.string(),
    success_threshold: z.number(),
  })
  .loose();
export type TaskSummary = z.infer<typeof TaskSummary>;
export const TasksResponse = z.object({ tasks: z.array(TaskSummary) }).loose();

export const SellerSummary = z
  .object({
    key: z.string(),
    id: z.string(),
    version: z.number().int(),
    hash: z.string(),
    kind: z.string(),
    persona: z.string(),
  })
  .loose();
export type SellerSummary = z.infer<typeof SellerSummary>;
export const SellersResponse = z.object({ sellers: z.array(SellerSummary) }).loose();

/** An LLM backend's reachability as /health reports it: never a secret, never a URL with a key. */
export const BackendStatus = z.object({
  backend: z.string(),
  reachable: z.boolean(),
  detail: z.string(),
  sellerKey: z.string(),
});
export type BackendStatus = z.infer<typeof BackendStatus>;

export const HealthResponse = z
  .object({
    status: z.enum(["healthy", "unhealthy", "degraded"]),
    active_sessions: z.number().int().optional(),
    max_sessions: z.number().int().optional(),
    db: z.string().optional(),
    backends: z.array(BackendStatus).optional(),
  })
  .loose();
export type HealthResponse = z.infer<typeof HealthResponse>;

/** GET /ready: whether a load balancer should send this replica new work (200 yes, 503 no). */
export const ReadyResponse = z.object({
  ready: z.boolean(),
  /** Stopping after SIGTERM: still finishing what it has, taking nothing new. */
  draining: z.boolean(),
  /** "unavailable" while its database (Postgres) cannot be reached. */
  db: z.enum(["ok", "full", "unavailable"]),
});
export type ReadyResponse = z.infer<typeof ReadyResponse>;
