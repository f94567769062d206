import type { Action } from "./action";
import { addToCareer, emptyCareer } from "./career";
import type { EpisodeSpec, RewardMode } from "./episode-spec";
import type { EpisodeGrader, EpisodeState } from "./episode-state";
import {
  type EpisodeRuntime,
  type ExternalSellerTurn,
  type RngSource,
  startEpisode,
  stepEpisode,
} from "./episode-step";
import type { EpisodeStartedEvent } from "./events";
import type { MarketFeed } from "./market/market-section";
import { round4 } from "./money";
import type { Observation } from "./observation";
import { observe } from "./observe";
import type { CareerHistory, DealRecord } from "./records";
import type { GuardIntervention } from "./rules-guard";
import type { SellerPolicy, SellerRef } from "./seller-policy";
import type { TellsExtractorId, TellsModelRef } from "./tells/extract-cues";

/** What a task gives the engine: how to set up episode k, who sells, how to grade. */
export interface RunPlan {
  taskId: string;
  taskVersion: string;
  totalEpisodes: number;
  successThreshold: number;
  seller: SellerPolicy;
  episodeSpec(args: EpisodePlanArgs): EpisodeSpec;
  /** Score of a whole run's records, in [0, 1]. */
  grade(records: readonly DealRecord[]): number;
  /** Score of one episode, used by the terminal reward mode. */
  gradeEpisode: EpisodeGrader;
  /** Market tasks: the market beside an episode, built from its opening (same ask, same floor). */
  marketFeed?: (opening: EpisodeStartedEvent) => MarketFeed;
}

export interface EpisodePlanArgs {
  episode: number;
  seed: number;
  episodeId: string;
  career: CareerHistory | null;
  rewardMode: RewardMode;
  enableTells: boolean;
  historyWindow: number;
  /** Omitted = "rules" (v1). */
  tellsExtractor?: TellsExtractorId;
  /** The model the model path reads with; omitted = the shipped one. */
  tellsModel?: TellsModelRef;
}

export interface RunOptions {
  seed: number;
  /** Id of the first episode; later episodes of a career get "-2", "-3", … */
  episodeId: string;
  rewardMode: RewardMode;
  enableTells: boolean;
  historyWindow: number;
  tellsExtractor?: TellsExtractorId;
  /** Fixed for the whole run: every episode's spec records it (omitted = the shipped model). */
  tellsModel?: TellsModelRef;
  rng?: RngSource;
}

export interface RunState {
  plan: RunPlan;
  options: RunOptions;
  records: DealRecord[];
  career: CareerHistory | null;
  episode: EpisodeState;
  /** Finished episodes of this run, oldest first (their logs stay replayable). */
  finished: EpisodeState[];
  /** Market tasks: the current episode's market feed (null on every other task). */
  market: MarketFeed | null;
}

export interface StepInfo {
  reward_components: Record<string, number>;
  violations: string[];
  guard: GuardIntervention[];
  episode: number;
  episode_id: string;
  seller: SellerRef;
  /** Career auto-advance (D18): the finished episode's last observation and record. */
  terminal_observation?: Observation;
  episode_result?: DealRecord;
  episode_done?: boolean;
}

export interface StepResult {
  observation: Observation;
  reward: number;
  done: boolean;
  terminated: boolean;
  truncated: boolean;
  info: StepInfo;
}

export const episodeIdFor = (first: string, k: number): string => (k === 1 ? first : `${first}-${k}`);

function begin(plan: RunPlan, o: RunOptions, k: number, career: CareerHistory | null): EpisodeState {
  const spec = plan.episodeSpec({
    episode: k,
    seed: o.seed,
    episodeId: episodeIdFor(o.episodeId, k),
    career,
    rewardMode: o.rewardMode,
    enableTells: o.enableTells,
    historyWindow: o.historyWindow,
    tellsExtractor: o.tellsExtractor,
    ...(o.tellsModel === undefined ? {} : { tellsModel: o.tellsModel }),
  });
  return startEpisode(spec, { seller: plan.seller, grade: plan.gradeEpisode, rng: o.rng });
}

function feedOf(plan: RunPlan, e: EpisodeState): MarketFeed | null {
  return plan.marketFeed === undefined ? null : plan.marketFeed(e.events[0] as EpisodeStartedEvent);
}

export function startRun(plan: RunPlan, options: RunOptions): RunState {
  const career = plan.totalEpisodes > 1 ? emptyCareer() : null;
  const episode = begin(plan, options, 1, career);
  return { plan, options, records: [], career, episode, finished: [], market: feedOf(plan, episode) };
}

/** What stepping the current episode needs: the seller, the grader, the draws and any market. */
export function runtimeOf(r: RunState): EpisodeRuntime {
  const rt: EpisodeRuntime = { seller: r.plan.seller, grade: r.plan.gradeEpisode, rng: r.options.rng };
  if (r.market !== null) rt.market = r.market;
  return rt;
}

/**
 * Start episode k of the run again from its opening, with the run's own options: a career
 * reset in the middle of an episode abandons that attempt but keeps the career so far.
 */
export function restartEpisode(r: RunState): void {
  r.episode = begin(r.plan, r.options, r.episode.spec.episode, r.career);
  r.market = feedOf(r.plan, r.episode);
}

export const runComplete = (r: RunState): boolean =>
  r.episode.done && r.records.length >= r.plan.totalEpisodes;

/** The seller's mean concession per counter in an episode (the career's opponent velocity, D32). */
export function velocity(e: EpisodeState): number {
  return e.counters.length === 0 ? 0 : (e.anchor - e.lastQuote) / e.counters.length;
}

/** One buyer move. Ends the episode, and in a career starts the next one (auto-advance, D18). */
export function stepRun(r: RunState, action: Action, external?: ExternalSellerTurn): StepResult {
  const e = stepEpisode(r.episode, action, runtimeOf(r), external);
  const info: StepInfo = {
    reward_components: e.last.components,
    violations: e.last.violations,
    guard: e.last.guard,
    episode: e.spec.episode,
    episode_id: e.spec.episode_id,
    seller: e.seller,
  };
  const observation = observe(e);
  if (!e.done) {
    return { observation, reward: e.last.reward, done: false, terminated: false, truncated: false, info };
  }
  const record = e.record as DealRecord;
  r.records.push(record);
  if (r.career !== null) r.career = addToCareer(r.career, record, velocity(e));
  if (r.records.length < r.plan.totalEpisodes) {
    r.finished.push(e);
    r.episode = begin(r.plan, r.options, e.spec.episode + 1, r.career);
    r.market = feedOf(r.plan, r.episode);
    return {
      observation: observe(r.episode),
      reward: e.last.reward,
      done: false,
      terminated: false,
      truncated: false,
      info: { ...info, terminal_observation: observation, episode_result: record, episode_done: true },
    };
  }
  return {
    observation,
    reward: e.last.reward,
    done: true,
    terminated: e.terminated,
    truncated: e.truncated,
    info: { ...info, episode_result: record, episode_done: true },
  };
}

export interface RunScore {
  task: string;
  score: number;
  success: boolean;
  episodes_completed: number;
  total_episodes: number;
}

export function scoreRun(r: RunState): RunScore {
  const score = round4(r.plan.grade(r.records));
  return {
    task: r.plan.taskId,
    score,
    success: score >= r.plan.successThreshold,
    episodes_completed: r.records.length,
    total_episodes: r.plan.totalEpisodes,
  };
}
