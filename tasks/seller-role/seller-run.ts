import type { ResolvedBuyer } from "../../buyers/registry";
import { ENGINE_VERSION } from "../../env/engine-version";
import type { EpisodeSpec } from "../../env/episode-spec";
import type { EpisodeState } from "../../env/episode-state";
import { buyerMove, type EpisodeRuntime, startEpisode } from "../../env/episode-step";
import { observe } from "../../env/observe";
import type { GuardIntervention } from "../../env/rules-guard";
import type { SellerPolicy, SellerRef } from "../../env/seller-policy";
import type { BuyerRef } from "../../env/seller-role/buyer-ref";
import { observeSeller } from "../../env/seller-role/observe-seller";
import type { SellerAction } from "../../env/seller-role/seller-action";
import { sellerAgentStep } from "../../env/seller-role/seller-episode";
import type { SellerObservation } from "../../env/seller-role/seller-observation";
import { type SellerRecord, sellerRecord } from "../../env/seller-role/seller-record";
import type { TellsExtractorId } from "../../env/tells/extract-cues";
import { resolveSeller } from "../../sellers/registry";
import { BUILTIN_CATALOG } from "../listings/builtin-catalog";
import { requireTask } from "../open-run";
import { planTask } from "../task-plan";
import { requireSellerTask, type SellerTaskDefinition, sellerTaskKey } from "./seller-tasks";

/** Bumped whenever the seller role's observations, rewards or flow change (beside ENGINE_VERSION). */
export const SELLER_ROLE_VERSION = "1";

export interface SellerRunOptions {
  seed: number;
  episodeId: string;
  buyer: ResolvedBuyer;
  enableTells?: boolean;
  historyWindow?: number;
  tellsExtractor?: TellsExtractorId;
}

export interface SellerRunState {
  task: SellerTaskDefinition;
  buyer: ResolvedBuyer;
  runtime: EpisodeRuntime;
  episode: EpisodeState;
  /** Buyer decisions so far (the buyer's context step). */
  buyerSteps: number;
  /** Buyer decisions where a model reply was unusable or failed and the defined fallback played. */
  buyerFallbacks: number;
}

export interface SellerStepInfo {
  role: "seller";
  episode_id: string;
  task: string;
  buyer: BuyerRef;
  /** The seller persona whose numbers the agent holds. */
  persona_seller: SellerRef;
  engine_version: string;
  seller_role_version: string;
  guard: GuardIntervention[];
  violations: string[];
  /** The buyer's last move was its fallback (an LLM buyer that failed or answered garbage). */
  buyer_fallback: boolean;
  seller_result?: SellerRecord;
}

export interface SellerStepResult {
  observation: SellerObservation;
  reward: number;
  done: boolean;
  terminated: boolean;
  truncated: boolean;
  info: SellerStepInfo;
}

async function buyerTurn(run: SellerRunState): Promise<boolean> {
  const e = run.episode;
  const act = await run.buyer.policy.act(observe(e), {
    seed: e.spec.seed,
    episode: e.spec.episode,
    step: run.buyerSteps,
  });
  run.buyerSteps += 1;
  const fallback = act.parseError || act.error !== undefined;
  if (fallback) run.buyerFallbacks += 1;
  buyerMove(e, act.action, run.runtime);
  return fallback;
}

function result(
  run: SellerRunState,
  reward: number,
  extra: Pick<SellerStepInfo, "guard" | "violations" | "buyer_fallback">,
): SellerStepResult {
  const e = run.episode;
  const record = sellerRecord(e);
  return {
    observation: observeSeller(e),
    reward: record === null ? reward : reward + record.reward,
    done: e.done,
    terminated: e.terminated,
    truncated: e.truncated,
    info: {
      role: "seller",
      episode_id: e.spec.episode_id,
      task: sellerTaskKey(run.task),
      buyer: run.buyer.ref,
      persona_seller: e.seller,
      engine_version: ENGINE_VERSION,
      seller_role_version: SELLER_ROLE_VERSION,
      ...extra,
      ...(record === null ? {} : { seller_result: record }),
    },
  };
}

/**
 * Open a seller-role episode: the task's economics and persona are drawn as on the buyer side,
 * the listing opens at the persona's ask, and the pinned buyer makes the first move.
 */
export async function openSellerRun(
  taskRef: string,
  o: SellerRunOptions,
): Promise<{ run: SellerRunState; result: SellerStepResult }> {
  const task = requireSellerTask(taskRef);
  const economics = requireTask(task.economics);
  const seller = resolveSeller(economics.seller);
  const plan = planTask(economics, { seller, listings: BUILTIN_CATALOG });
  const drawn = plan.episodeSpec({
    episode: 1,
    seed: o.seed,
    episodeId: o.episodeId,
    career: null,
    rewardMode: "terminal",
    enableTells: o.enableTells ?? true,
    historyWindow: o.historyWindow ?? 6,
    tellsExtractor: o.tellsExtractor,
  });
  const spec = {
    ...drawn,
    task_id: task.id,
    task_version: task.version,
    total_episodes: 1,
    enable_career: false,
    career: null,
  };
  return startSellerRun(task, spec, seller, o.buyer);
}

/** Start a seller-role episode from an exact spec (tests build worlds with it); the buyer moves first. */
export async function startSellerRun(
  task: SellerTaskDefinition,
  spec: EpisodeSpec,
  persona: SellerPolicy,
  buyer: ResolvedBuyer,
): Promise<{ run: SellerRunState; result: SellerStepResult }> {
  // No buyer grader: the seller's reward is computed from its own record (env/seller-role).
  const runtime: EpisodeRuntime = { seller: persona, grade: null, buyer: buyer.ref };
  const run: SellerRunState = {
    task,
    buyer,
    runtime,
    episode: startEpisode(spec, runtime),
    buyerSteps: 0,
    buyerFallbacks: 0,
  };
  const fallback = await buyerTurn(run);
  return { run, result: result(run, 0, { guard: [], violations: [], buyer_fallback: fallback }) };
}

/** The seller agent's move, then (if the episode goes on) the buyer's answer. */
export async function stepSellerRun(run: SellerRunState, action: SellerAction): Promise<SellerStepResult> {
  const effects = sellerAgentStep(run.episode, action, run.runtime);
  const fallback = run.episode.done ? false : await buyerTurn(run);
  return result(run, effects.penalty, {
    guard: effects.guard,
    violations: effects.violations,
    buyer_fallback: fallback,
  });
}
