import type { ResolvedBuyer } from "../../buyers/registry";
import { addToCareer, emptyCareer } from "../../env/career";
import { ENGINE_VERSION } from "../../env/engine-version";
import type { EpisodeSpec } from "../../env/episode-spec";
import type { EpisodeState } from "../../env/episode-state";
import { buyerMove, type EpisodeRuntime, startEpisode } from "../../env/episode-step";
import { observe } from "../../env/observe";
import type { CareerHistory, DealRecord } from "../../env/records";
import type { GuardIntervention } from "../../env/rules-guard";
import { episodeIdFor, velocity } from "../../env/run";
import type { SellerPolicy, SellerRef } from "../../env/seller-policy";
import type { BuyerRef } from "../../env/seller-role/buyer-ref";
import { observeSeller } from "../../env/seller-role/observe-seller";
import type { SellerAction } from "../../env/seller-role/seller-action";
import { sellerAgentStep } from "../../env/seller-role/seller-episode";
import type { SellerObservation } from "../../env/seller-role/seller-observation";
import { type SellerRecord, sellerRecord } from "../../env/seller-role/seller-record";
import type { TellsExtractorId, TellsModelRef } from "../../env/tells/extract-cues";
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
  /** The model the model path reads with in every episode; omitted = the shipped one. */
  tellsModel?: TellsModelRef;
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
  /** Careers: the finished episodes of this run, oldest first, and the seller's records of them. */
  finished: EpisodeState[];
  records: SellerRecord[];
  /** Careers: how episode k+1 is drawn (null on single-deal tasks). */
  next: NextEpisode | null;
}

/** Draws a career's episode k with the career record so far (the buyer's memory of the seller). */
export type NextEpisode = (k: number, career: CareerHistory) => EpisodeSpec;

/** Episodes a seller-role task plays (1 unless it is a career). */
export const sellerTaskEpisodes = (t: SellerTaskDefinition): number => t.totalEpisodes ?? 1;

/** The whole run is over: its last episode has ended. */
export const sellerRunComplete = (run: SellerRunState): boolean =>
  run.episode.done && run.records.length >= sellerTaskEpisodes(run.task);

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
  /** The record of the episode that ended on this step (in a career, the deal just done). */
  seller_result?: SellerRecord;
  /** Careers: an episode ended and the next began; its last observation is here. */
  episode_done?: boolean;
  terminal_observation?: SellerObservation;
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
  ended: { episode: EpisodeState; record: SellerRecord } | null,
): SellerStepResult {
  const e = run.episode;
  const record = ended?.record ?? null;
  return {
    observation: observeSeller(e, run.records.slice(0, e.spec.episode - 1)),
    reward: record === null ? reward : reward + record.reward,
    done: e.done,
    terminated: e.terminated,
    truncated: e.truncated,
    info: {
      role: "seller",
      episode_id: (ended?.episode ?? e).spec.episode_id,
      task: sellerTaskKey(run.task),
      buyer: run.buyer.ref,
      persona_seller: e.seller,
      engine_version: ENGINE_VERSION,
      seller_role_version: SELLER_ROLE_VERSION,
      ...extra,
      ...(record === null ? {} : { seller_result: record }),
      ...(ended !== null && ended.episode !== e
        ? {
            episode_done: true,
            terminal_observation: observeSeller(
              ended.episode,
              run.records.slice(0, ended.episode.spec.episode - 1),
            ),
          }
        : {}),
    },
  };
}

/**
 * After a move: when the episode has ended, record it, and in a career start the next episode
 * with the buyer's memory of this one (the buyer opens it). Returns the episode that ended.
 */
async function settle(run: SellerRunState): Promise<{ episode: EpisodeState; record: SellerRecord } | null> {
  const e = run.episode;
  const record = sellerRecord(e);
  if (record === null) return null;
  run.records.push(record);
  if (run.next === null || run.records.length >= sellerTaskEpisodes(run.task)) return { episode: e, record };
  const career = addToCareer(e.spec.career ?? emptyCareer(), e.record as DealRecord, velocity(e));
  run.finished.push(e);
  run.episode = startEpisode(run.next(e.spec.episode + 1, career), run.runtime);
  await buyerTurn(run);
  return { episode: e, record };
}

/**
 * Open a seller-role run: the task's economics and persona are drawn as on the buyer side, the
 * listing opens at the persona's ask, and the pinned buyer makes the first move. A career draws
 * each later episode the same way, carrying the buyer's record of the seller.
 */
export async function openSellerRun(
  taskRef: string,
  o: SellerRunOptions,
): Promise<{ run: SellerRunState; result: SellerStepResult }> {
  const p = sellerRunPlan(taskRef, o);
  const first = p.specFor(1, p.next === null ? null : emptyCareer());
  return startSellerRun(p.task, first, p.persona, o.buyer, p.next);
}

/** How a seller-role run draws its episodes (also how a stored career is rebuilt after a restart). */
export function sellerRunPlan(
  taskRef: string,
  o: Omit<SellerRunOptions, "buyer">,
): {
  task: SellerTaskDefinition;
  persona: SellerPolicy;
  specFor: (k: number, career: CareerHistory | null) => EpisodeSpec;
  next: NextEpisode | null;
} {
  const task = requireSellerTask(taskRef);
  const economics = requireTask(task.economics);
  const persona = resolveSeller(economics.seller);
  const plan = planTask(economics, { seller: persona, listings: BUILTIN_CATALOG });
  const total = sellerTaskEpisodes(task);
  const specFor = (k: number, career: CareerHistory | null): EpisodeSpec => ({
    ...plan.episodeSpec({
      episode: k,
      seed: o.seed,
      episodeId: episodeIdFor(o.episodeId, k),
      career,
      rewardMode: "terminal",
      enableTells: o.enableTells ?? true,
      historyWindow: o.historyWindow ?? 6,
      tellsExtractor: o.tellsExtractor,
      ...(o.tellsModel === undefined ? {} : { tellsModel: o.tellsModel }),
    }),
    task_id: task.id,
    task_version: task.version,
    total_episodes: total,
    enable_career: total > 1,
    career: total > 1 ? career : null,
  });
  return { task, persona, specFor, next: total > 1 ? (k, career) => specFor(k, career) : null };
}

/** Start a seller-role episode from an exact spec (tests build worlds with it); the buyer moves first. */
export async function startSellerRun(
  task: SellerTaskDefinition,
  spec: EpisodeSpec,
  persona: SellerPolicy,
  buyer: ResolvedBuyer,
  next: NextEpisode | null = null,
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
    finished: [],
    records: [],
    next,
  };
  const fallback = await buyerTurn(run);
  const ended = await settle(run);
  return { run, result: result(run, 0, { guard: [], violations: [], buyer_fallback: fallback }, ended) };
}

/** The seller agent's move, then (if the episode goes on) the buyer's answer. */
export async function stepSellerRun(run: SellerRunState, action: SellerAction): Promise<SellerStepResult> {
  const effects = sellerAgentStep(run.episode, action, run.runtime);
  const fallback = run.episode.done ? false : await buyerTurn(run);
  const ended = await settle(run);
  return result(
    run,
    effects.penalty,
    {
      guard: effects.guard,
      violations: effects.violations,
      buyer_fallback: fallback,
    },
    ended,
  );
}
