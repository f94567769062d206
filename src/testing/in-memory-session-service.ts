import { randomBytes, randomInt } from "node:crypto";
import type { Action } from "../../env/action";
import { ENGINE_VERSION } from "../../env/engine-version";
import { EngineError } from "../../env/episode-step";
import { observe } from "../../env/observe";
import { publicState } from "../../env/public-state";
import { type RunState, runComplete, scoreRun, stepRun } from "../../env/run";
import { UnknownSellerError } from "../../sellers/registry";
import { DEFAULT_HISTORY_WINDOW, openRun, UnknownTaskError } from "../../tasks/open-run";
import { type CapacityStatus, ServiceError, type SessionService } from "../sessions/session-service";
import type { ResetRequest, ResetResponse } from "../wire/reset";
import type { ScoreResponse } from "../wire/score";
import type { StepRequest, StepResponse } from "../wire/step";

export interface InMemorySessionServiceOptions {
  maxSessions?: number;
  defaultTask?: string;
}

const KNOWN_RESET_KEYS = new Set([
  "session_id",
  "task",
  "task_id",
  "seed",
  "episode_id",
  "seller",
  "reward_mode",
  "options",
]);

interface Session {
  run: RunState | null;
  /** Serialises this session's steps: each waits for the previous one. */
  tail: Promise<unknown>;
}

const newId = (): string => randomBytes(16).toString("hex");

function capacityError(c: CapacityStatus): ServiceError {
  return new ServiceError(
    "CAPACITY_REACHED",
    `Server at capacity: ${c.active_sessions}/${c.max_sessions} sessions active.`,
    503,
    c,
  );
}

function startRun(req: ResetRequest, defaultTask: string): RunState {
  try {
    return openRun(req.task ?? req.task_id ?? defaultTask, {
      seed: req.seed ?? randomInt(0, 2 ** 31),
      episodeId: req.episode_id ?? newId(),
      ...(req.seller === undefined ? {} : { seller: req.seller }),
      rewardMode: req.reward_mode ?? "shaped",
      enableTells: req.options?.tells ?? true,
      historyWindow: req.options?.history_window ?? DEFAULT_HISTORY_WINDOW,
      revealPersonality: req.options?.reveal_personality,
    });
  } catch (e) {
    if (e instanceof UnknownTaskError) throw new ServiceError("UNKNOWN_TASK", e.message, 422);
    if (e instanceof UnknownSellerError) throw new ServiceError("UNKNOWN_SELLER", e.message, 422);
    throw e;
  }
}

function resetResponse(sessionId: string, run: RunState, req: ResetRequest): ResetResponse {
  const e = run.episode;
  return {
    session_id: sessionId,
    episode_id: e.spec.episode_id,
    observation: observe(e),
    reward: null,
    done: false,
    terminated: false,
    truncated: false,
    info: {
      seed: e.spec.seed,
      task_id: e.spec.task_id,
      task_version: e.spec.task_version,
      seller: e.seller,
      reward_mode: e.spec.reward_mode,
      tells: e.spec.enable_tells,
      history_window: e.spec.history_window,
      engine_version: ENGINE_VERSION,
      episode: e.spec.episode,
      total_episodes: e.spec.total_episodes,
      ignored_keys: Object.keys(req).filter((k) => !KNOWN_RESET_KEYS.has(k)),
    },
  };
}

/**
 * A complete SessionService held in memory, on the real engine (no persistence). Transport
 * tests use it so they exercise the real episode logic without the storage layer.
 */
export function createInMemorySessionService(opts: InMemorySessionServiceOptions = {}): SessionService {
  const maxSessions = opts.maxSessions ?? 1024;
  const defaultTask = opts.defaultTask ?? "single_deal";
  const sessions = new Map<string, Session>();

  const capacity = (): CapacityStatus => ({ active_sessions: sessions.size, max_sessions: maxSessions });
  const open = (): string => {
    if (sessions.size >= maxSessions) throw capacityError(capacity());
    const id = newId();
    sessions.set(id, { run: null, tail: Promise.resolve() });
    return id;
  };
  const get = (id: string): Session => {
    const s = sessions.get(id);
    if (!s) throw new ServiceError("SESSION_NOT_FOUND", `Unknown session: ${id}`, 404);
    return s;
  };
  const running = (id: string): RunState => {
    const run = get(id).run;
    if (run === null) {
      throw new ServiceError(
        "EPISODE_NOT_FOUND",
        "No episode is running in this session; send reset first.",
        409,
      );
    }
    return run;
  };

  const doStep = (id: string, action: Action): StepResponse => {
    const run = running(id);
    if (runComplete(run))
      throw new ServiceError("EPISODE_DONE", "This episode is over; call reset to start another.", 409);
    try {
      const r = stepRun(run, action);
      return { session_id: id, episode_id: run.episode.spec.episode_id, ...r };
    } catch (e) {
      if (e instanceof EngineError) throw new ServiceError("EPISODE_DONE", e.message, 409);
      throw e;
    }
  };

  return {
    openSession: open,
    async reset(req: ResetRequest): Promise<ResetResponse> {
      const id = req.session_id ?? open();
      const session = get(id);
      try {
        session.run = startRun(req, defaultTask);
      } catch (e) {
        if (req.session_id === undefined) sessions.delete(id);
        throw e;
      }
      return resetResponse(id, session.run, req);
    },
    step(req: StepRequest): Promise<StepResponse> {
      const session = get(req.session_id);
      const result = session.tail.then(() => doStep(req.session_id, req.action));
      session.tail = result.catch(() => undefined);
      return result;
    },
    state(id: string) {
      return { ...publicState(running(id)), session_id: id };
    },
    score(id: string): ScoreResponse {
      const run = running(id);
      const recs = run.records;
      const mean = (xs: number[]) => (xs.length === 0 ? 0 : xs.reduce((a, b) => a + b, 0) / xs.length);
      const episodes = [...run.finished, run.episode];
      return {
        session_id: id,
        ...scoreRun(run),
        metrics: {
          deals: recs.filter((r) => r.outcome === "deal").length,
          walks: recs.filter((r) => r.outcome === "walk").length,
          expired: recs.filter((r) => r.outcome === "expired").length,
          mean_normalized_surplus: mean(recs.map((r) => r.normalized_surplus)),
          mean_rounds: mean(recs.map((r) => r.rounds_taken)),
          cumulative_reward: episodes.reduce((a, e) => a + e.cumulativeReward, 0),
        },
      };
    },
    close(id: string) {
      get(id);
      sessions.delete(id);
      return { session_id: id, closed: true as const };
    },
    capacity,
  };
}
