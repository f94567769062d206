import type { Action } from "../../env/action";
import type { Observation } from "../../env/observation";
import type { DealRecord } from "../../env/records";
import type { GuardIntervention } from "../../env/rules-guard";
import type { SellerRef } from "../../env/seller-policy";

/**
 * The environment as the harness sees it — the same shape whether episodes run in-process
 * (openRun/stepRun) or over HTTP against a server (src/cli/eval/http-env-client.ts).
 */
export interface EvalResetRequest {
  taskId: string;
  seed: number;
  episodeId: string;
  /** "id@version"; the task's pinned seller when omitted. */
  seller?: string;
  tells: boolean;
}

export interface EvalReset {
  observation: Observation;
  seller: SellerRef;
  taskVersion: string;
  engineVersion: string;
  totalEpisodes: number;
}

export interface EvalStep {
  observation: Observation;
  reward: number;
  done: boolean;
  info: {
    episode: number;
    violations: string[];
    /** In-process only: over HTTP the guard's records stay on the server (src/boundary). */
    guard?: GuardIntervention[];
    terminal_observation?: Observation;
    episode_result?: DealRecord;
    episode_done?: boolean;
  };
}

export interface EvalScore {
  score: number;
  success: boolean;
  episodes_completed: number;
  total_episodes: number;
  /** The run's guard interventions, where steps could not see them (over HTTP). */
  guard_interventions?: number;
}

export interface EvalSession {
  reset(req: EvalResetRequest): Promise<EvalReset>;
  step(action: Action): Promise<EvalStep>;
  score(): Promise<EvalScore>;
  close(): Promise<void>;
}

/** One fresh session per played (buyer, task, seed) unit. */
export type EvalSessionFactory = () => EvalSession;
