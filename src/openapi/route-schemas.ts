import { z } from "zod";
import { BatchStepItem, BatchStepRequest, MAX_BATCH } from "../wire/batch";
import { EpisodeView } from "../wire/episode-view";

// The wire contract's own schemas, documented as they are validated and typed.
export { HealthResponse, SellersResponse, TasksResponse } from "../wire/catalog";
export { CounterfactualResponse } from "../wire/counterfactual";
export { CloseResponse, SessionState } from "../wire/session";

/*
 * Response shapes used only by the document (metadata, schema, batch, JSON-RPC envelopes). They are open (extra keys allowed) so the document never
 * contradicts a field the server adds; request models come from the validators themselves.
 */

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

export const BatchStepRequestDoc = BatchStepRequest.extend({
  steps: z.array(BatchStepItem).min(1).max(MAX_BATCH),
}).meta({ description: "Each item is validated on its own; a malformed item fails only itself." });

export const BatchItemResult = z
  .object({
    session_id: z.string().nullable().optional(),
    status: z
      .number()
      .int()
      .optional()
      .describe("Present on a failed item: the status a single call would get."),
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

export const EpisodeLogResponse = EpisodeView.meta({
  description:
    "A stored episode: the buyer's view while its run is being played (visibility public), the whole event log once it is over (visibility full).",
});

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
