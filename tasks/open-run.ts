import type { RewardMode } from "../env/episode-spec";
import type { RngSource } from "../env/episode-step";
import { type RunState, startRun } from "../env/run";
import type { SellerPolicy } from "../env/seller-policy";
import type { TellsExtractorId, TellsModelRef } from "../env/tells/extract-cues";
import { resolveSeller } from "../sellers/registry";
import { BUILTIN_CATALOG } from "./listings/builtin-catalog";
import type { Listing } from "./listings/listing";
import type { TaskDefinition } from "./task-definition";
import { planTask } from "./task-plan";
import { AVAILABLE_TASK_REFS, findTaskRef } from "./task-ref";

export interface OpenRunOptions {
  seed: number;
  episodeId: string;
  /** "id@version"; the task's pinned seller when omitted. */
  seller?: string | SellerPolicy;
  rewardMode?: RewardMode;
  enableTells?: boolean;
  historyWindow?: number;
  /** Omitted = "rules", the v1 reading. */
  tellsExtractor?: TellsExtractorId;
  /** The model the model path reads with; omitted = the shipped one. Only released models are accepted. */
  tellsModel?: TellsModelRef;
  revealPersonality?: boolean;
  listings?: readonly Listing[];
  rng?: RngSource;
}

export class UnknownTaskError extends Error {
  constructor(readonly requested: string) {
    super(
      `Unknown task "${requested}". Available: ${AVAILABLE_TASK_REFS.join(", ")} ` +
        '(a bare id is version 1; "id@1" names it too).',
    );
    this.name = "UnknownTaskError";
  }
}

/** A task by "id", "id@1" or "id@2"; unknown ids and versions throw, listing what exists. */
export function requireTask(id: string): TaskDefinition {
  const task = findTaskRef(id);
  if (!task) throw new UnknownTaskError(id);
  return task;
}

export const DEFAULT_HISTORY_WINDOW = 6;

/** Start a run of a task: the one entry point the server, the eval CLI and tests share. */
export function openRun(taskId: string, o: OpenRunOptions): RunState {
  const task = requireTask(taskId);
  const seller = typeof o.seller === "object" ? o.seller : resolveSeller(o.seller ?? task.seller);
  const plan = planTask(task, {
    seller,
    listings: o.listings ?? BUILTIN_CATALOG,
    revealPersonality: o.revealPersonality,
  });
  return startRun(plan, {
    seed: o.seed,
    episodeId: o.episodeId,
    rewardMode: o.rewardMode ?? "shaped",
    enableTells: o.enableTells ?? true,
    historyWindow: o.historyWindow ?? DEFAULT_HISTORY_WINDOW,
    tellsExtractor: o.tellsExtractor,
    ...(o.tellsModel === undefined ? {} : { tellsModel: o.tellsModel }),
    rng: o.rng,
  });
}
