import { z } from "zod";
import { Action } from "../../env/action";
import { RewardMode } from "../../env/episode-spec";
import { PublicState } from "../../env/public-state";
import { MAX_SEED, ResetRequest } from "../wire/reset";

/*
 * Documentation schemas for routes whose wire models live with the HTTP layer. They describe
 * the contract of DESIGN.md §3 and OPENENV §2.4/§6 and are deliberately open (extra keys
 * allowed), so the document never rejects a field the server adds.
 */

export const SessionState = PublicState.extend({ session_id: z.string() }).meta({
  description:
    "The full public state; the seller's economics (`hidden`) appear only once the episode is over.",
});

export const CloseRequest = z.object({ session_id: z.string().min(1).max(128) });
export const CloseResponse = z.object({ session_id: z.string(), closed: z.literal(true) });

export const HealthResponse = z
  .object({
    status: z.enum(["healthy", "unhealthy", "degraded"]),
    active_sessions: z.number().int().optional(),
    max_sessions: z.number().int().optional(),
  })
  .loose();

export const MetadataResponse = z.object({
  name: z.string(),
  description: z.string(),
  readme_content: z.string().nullable(),
  version: z.string().nullable(),
  author: z.string().nullable(),
  documentation_url: z.string().nullable(),
});

const JsonSchemaObject = z.record(z.string(), z.unknown());
export const EnvSchemasResponse = z.object({
  action: JsonSchemaObject,
  observation: JsonSchemaObject,
  state: JsonSchemaObject,
});

export const BatchResetRequest = z
  .object({
    n: z.number().int().min(1).optional().describe("How many sessions to open (when `requests` is absent)."),
    seed: z
      .union([
        z.number().int().min(0).max(MAX_SEED),
        z.array(z.number().int().min(0).max(MAX_SEED).nullable()),
      ])
      .optional()
      .describe("An int s seeds items s, s+1, …; a list gives one seed per item (Gymnasium semantics)."),
    task: z.string().optional(),
    task_id: z.string().optional(),
    seller: z.string().optional(),
    reward_mode: RewardMode.optional(),
    requests: z.array(ResetRequest).optional().describe("Per-item reset requests."),
  })
  .loose();

export const BatchStepRequest = z
  .object({
    steps: z.array(z.object({ session_id: z.string(), action: Action, request_id: z.string().optional() })),
  })
  .loose();

export const BatchItemResult = z
  .object({
    session_id: z.string().optional(),
    observation: z.record(z.string(), z.unknown()).optional(),
    reward: z.number().nullable().optional(),
    done: z.boolean().optional(),
    terminated: z.boolean().optional(),
    truncated: z.boolean().optional(),
    info: z.record(z.string(), z.unknown()).optional(),
    error: z.object({ code: z.string(), message: z.string(), details: z.unknown().optional() }).optional(),
  })
  .loose()
  .meta({ description: "Exactly the single reset/step shape, or an `error` for this item alone." });

export const BatchResponse = z.object({ results: z.array(BatchItemResult) }).loose();

export const TaskSummary = z
  .object({ id: z.string(), version: z.string(), difficulty: z.string(), description: z.string() })
  .loose();
export const TasksResponse = z.object({ tasks: z.array(TaskSummary) }).loose();

export const SellerSummary = z
  .object({ id: z.string(), version: z.number().int(), hash: z.string(), persona: z.string().optional() })
  .loose();
export const SellersResponse = z.object({ sellers: z.array(SellerSummary) }).loose();

export const EpisodeLogResponse = z
  .object({ episode_id: z.string(), events: z.array(z.record(z.string(), z.unknown())) })
  .loose();

export const CounterfactualRequest = z
  .object({
    round: z.number().int().min(0).describe("Replay the stored events up to this round, then branch."),
    action: Action,
  })
  .loose();

export const JsonRpcRequestDoc = z
  .object({
    jsonrpc: z.literal("2.0"),
    method: z.string(),
    params: z.record(z.string(), z.unknown()).optional(),
    id: z.union([z.string(), z.number().int(), z.null()]).optional(),
  })
  .meta({ description: "tools/list, tools/call, openenv/session/create, openenv/session/close." });

export const JsonRpcResponseDoc = z
  .object({
    jsonrpc: z.literal("2.0"),
    id: z.union([z.string(), z.number().int(), z.null()]),
    result: z.unknown().optional(),
    error: z.object({ code: z.number().int(), message: z.string(), data: z.unknown().optional() }).optional(),
  })
  .meta({ description: "Always HTTP 200; failures travel in `error`." });
