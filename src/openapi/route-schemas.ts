import { z } from "zod";
import { PublicState } from "../../env/public-state";
import { BatchStepItem, BatchStepRequest, MAX_BATCH } from "../transport/http/extra-wire";
import { EpisodeView } from "../wire/episode-view";

/*
 * Response shapes of routes whose handlers build plain objects (catalogs, health, batch,
 * episodes), for the document only. They are open (extra keys allowed) so the document never
 * contradicts a field the server adds; request models come from the validators themselves.
 */

export const SessionState = PublicState.extend({ session_id: z.string() }).meta({
  description:
    "The full public state; the seller's economics (`hidden`) appear only once the episode is over.",
});

export const CloseResponse = z.object({ session_id: z.string(), closed: z.literal(true) });

export const HealthResponse = z
  .object({
    status: z.enum(["healthy", "unhealthy", "degraded"]),
    active_sessions: z.number().int().optional(),
    max_sessions: z.number().int().optional(),
  })
  .loose();

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

export const TaskSummary = z
  .object({
    id: z.string(),
    version: z.string(),
    difficulty: z.string(),
    description: z.string(),
    total_episodes: z.number().int(),
    rounds_per_episode: z.number().int(),
    seller: z.string(),
    success_threshold: z.number(),
  })
  .loose();
export const TasksResponse = z.object({ tasks: z.array(TaskSummary) }).loose();

export const SellerSummary = z
  .object({
    key: z.string(),
    id: z.string(),
    version: z.number().int(),
    hash: z.string(),
    persona: z.string(),
  })
  .loose();
export const SellersResponse = z.object({ sellers: z.array(SellerSummary) }).loose();

export const EpisodeLogResponse = EpisodeView.meta({
  description:
    "A stored episode: the buyer's view while its run is being played (visibility public), the whole event log once it is over (visibility full).",
});

const OutcomeSummary = z.object({
  outcome: z.string().nullable(),
  agreed_price: z.number().nullable(),
  rounds: z.number().int(),
  score: z.number().nullable(),
});

export const CounterfactualResponse = z
  .object({
    episode_id: z.string(),
    branched_from: z.string(),
    from_round: z.number().int(),
    continuation: z.enum(["greedy", "repeat"]),
    original: OutcomeSummary,
    counterfactual: OutcomeSummary,
    history: z.array(z.record(z.string(), z.unknown())),
  })
  .loose()
  .meta({ description: "The branch is stored as a new episode (`episode_id`)." });
