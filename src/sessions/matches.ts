import { randomBytes } from "node:crypto";
import type { BuyerPolicy } from "../../buyers/buyer-policy";
import { UnknownBuyerError } from "../../buyers/buyer-registry";
import type { Observation } from "../../env/observation";
import { errorFields, type Logger, silentLogger } from "../log/logger";
import type { MatchRequest, MatchStep, MatchView } from "../wire/match";
import type { ResetResponse } from "../wire/reset";
import type { SessionService } from "./session-service";
import { ServiceError } from "./session-service";

/**
 * Watched matches: a server-side buyer policy plays a seller through the ordinary session
 * service (so every episode is stored, replayable, and bound by the same rules as any client's),
 * while the page follows the steps (a stream, `changed`, or polls of `get`). Steps carry only what the buyer saw; the seller's hidden
 * values appear in the replay once the match's session is closed (src/boundary's reveal rule).
 * Matches live in memory for `ttlMs` after they end; a bounded number run at once.
 */
export interface MatchDeps {
  service: SessionService;
  /** Builds the buyer for a spec; throws UnknownBuyerError for anything not offered. */
  buyer(spec: string): BuyerPolicy;
  logger?: Logger;
  now?: () => number;
  maxRunning?: number;
  /** How many matches (running or kept for viewing) are held at once. */
  maxKept?: number;
  ttlMs?: number;
  /** Removes credentials from a model error before anyone sees it. */
  redact?: (text: string) => string;
}

interface Match {
  id: string;
  status: MatchView["status"];
  buyer: string;
  seller: string;
  task: string;
  taskVersion: string;
  seed: number;
  opening: Observation;
  steps: MatchStep[];
  error: string | null;
  episodeIds: string[];
  endedAt: number | null;
  /** Streams waiting for this match's next move or its end. */
  waiters: Set<() => void>;
}

/** A watched game cannot run forever: far above any task's rounds. */
const STEP_LIMIT = 1000;

const replayLink = (id: string): string => `/web/replay?episode=${encodeURIComponent(id)}`;

function wakeAll(m: Match): void {
  for (const wake of [...m.waiters]) wake();
}

export class MatchRunner {
  private readonly matches = new Map<string, Match>();
  private readonly pending = new Set<Promise<void>>();
  private readonly log: Logger;
  private readonly now: () => number;

  private readonly redact: (text: string) => string;
  private stopping = false;

  constructor(private readonly deps: MatchDeps) {
    this.redact = deps.redact ?? ((t) => t);
    this.log = deps.logger ?? silentLogger;
    this.now = deps.now ?? Date.now;
  }

  /** Starts a match and answers with its opening; bad buyer, seller or task → 4xx, nothing kept. */
  async start(req: MatchRequest): Promise<MatchView> {
    this.sweep();
    let buyer: BuyerPolicy;
    try {
      buyer = this.deps.buyer(req.buyer);
    } catch (err) {
      if (err instanceof UnknownBuyerError)
        throw new ServiceError(
          "VALIDATION_ERROR",
          `Unknown buyer "${req.buyer}". GET /matches/buyers lists the buyers this server offers.`,
          422,
        );
      throw err;
    }
    if (this.stopping) throw new ServiceError("CAPACITY_REACHED", "The server is shutting down.", 503);
    const running = [...this.matches.values()].filter((m) => m.status === "running").length;
    if (running >= (this.deps.maxRunning ?? 8))
      throw new ServiceError(
        "CAPACITY_REACHED",
        "Too many matches are being played; try again in a minute.",
        503,
      );
    // Full: the oldest finished match makes room (its episodes stay in the store and the replays).
    if (this.matches.size >= (this.deps.maxKept ?? 200)) {
      const oldest = [...this.matches.values()].find((x) => x.status !== "running");
      if (oldest !== undefined) this.matches.delete(oldest.id);
    }
    // A session bound to a private channel: knowing its id is not enough to drive it from outside.
    const channel = {};
    const sessionId = this.deps.service.openSession(channel);
    let reset: ResetResponse;
    try {
      reset = await this.deps.service.reset(
        {
          session_id: sessionId,
          task_id: req.task,
          seed: req.seed,
          ...(req.seller !== undefined ? { seller: req.seller } : {}),
        },
        channel,
      );
    } catch (err) {
      await this.deps.service.close(sessionId, channel).catch(() => undefined);
      throw err;
    }
    const m: Match = {
      id: `m_${randomBytes(12).toString("base64url")}`,
      status: "running",
      buyer: buyer.id,
      seller: `${reset.info.seller.id}@${reset.info.seller.version}`,
      task: reset.info.task_id,
      taskVersion: reset.info.task_version,
      seed: reset.info.seed,
      opening: reset.observation,
      steps: [],
      error: null,
      episodeIds: [reset.episode_id],
      endedAt: null,
      waiters: new Set(),
    };
    this.matches.set(m.id, m);
    const play = this.play(m, buyer, reset, channel).finally(() => this.pending.delete(play));
    this.pending.add(play);
    return this.view(m, 0);
  }

  /** The match with its steps from `after` on. */
  get(id: string, after: number): MatchView {
    this.sweep();
    const m = this.matches.get(id);
    if (m === undefined)
      throw new ServiceError(
        "NOT_FOUND",
        `No match "${id}" (matches are kept for 30 minutes after they end).`,
        404,
      );
    return this.view(m, after);
  }

  /**
   * The match from `after` on as soon as it has something new for a stream (a move past
   * `after`, or its end), or as it stands after `waitMs` (a stream's keep-alive). 404 if unknown.
   */
  async changed(id: string, after: number, waitMs: number): Promise<MatchView> {
    const m = this.matches.get(id);
    if (m === undefined) return this.get(id, after);
    if (m.steps.length <= after && m.status === "running") {
      await new Promise<void>((resolve) => {
        const wake = () => {
          clearTimeout(timer);
          m.waiters.delete(wake);
          resolve();
        };
        const timer = setTimeout(wake, waitMs);
        m.waiters.add(wake);
      });
    }
    return this.view(m, after);
  }

  /** Server shutdown: refuse new matches, stop running ones at their next move, wait for them. */
  async stop(): Promise<void> {
    this.stopping = true;
    await Promise.allSettled([...this.pending]);
  }

  private view(m: Match, after: number): MatchView {
    return {
      match_id: m.id,
      status: m.status,
      buyer: m.buyer,
      seller: m.seller,
      task: m.task,
      task_version: m.taskVersion,
      seed: m.seed,
      opening: m.opening,
      steps: m.steps.slice(after),
      total_steps: m.steps.length,
      fallback_steps: m.steps.filter((s) => s.fallback).length,
      error: m.error,
      episode_ids: [...m.episodeIds],
      replay: m.status === "running" ? null : replayLink(m.episodeIds[0] as string),
    };
  }

  private async play(m: Match, buyer: BuyerPolicy, reset: ResetResponse, channel: object): Promise<void> {
    const sessionId = reset.session_id;
    let obs = reset.observation;
    try {
      for (let idx = 0; idx < STEP_LIMIT; idx++) {
        if (this.stopping)
          throw new ServiceError("CAPACITY_REACHED", "The server shut down during the match.", 503);
        const act = await buyer.act(obs, { seed: m.seed, episode: obs.episode_number, step: idx });
        const res = await this.deps.service.step({ session_id: sessionId, action: act.action }, channel);
        m.steps.push({
          idx,
          episode: res.info.episode,
          episode_id: res.info.episode_id,
          buyer_action: act.action.type,
          buyer_price:
            act.action.type === "offer" && Number.isFinite(act.action.price)
              ? (act.action.price ?? null)
              : null,
          buyer_message: act.action.message ?? "",
          fallback: act.parseError,
          error: act.error === undefined ? null : this.redact(act.error),
          reward: res.reward,
          observation: res.info.terminal_observation ?? res.observation,
        });
        if (!m.episodeIds.includes(res.info.episode_id)) m.episodeIds.push(res.info.episode_id);
        wakeAll(m);
        if (res.done) break;
        obs = res.observation;
      }
      m.status = "finished";
    } catch (err) {
      this.log.warn("watched match stopped", { match: m.id, ...errorFields(err) });
      m.status = "failed";
      m.error = err instanceof ServiceError ? err.message : "The match stopped on a server error.";
    } finally {
      m.endedAt = this.now();
      // Closing ends the run, which is what lets the replay show the seller's hidden values.
      await this.deps.service.close(sessionId, channel).catch(() => undefined);
      // After the close, so a stream's "end" comes when the replay can show everything.
      wakeAll(m);
    }
  }

  private sweep(): void {
    const ttl = this.deps.ttlMs ?? 30 * 60_000;
    const now = this.now();
    for (const [id, m] of this.matches)
      if (m.endedAt !== null && now - m.endedAt > ttl) this.matches.delete(id);
  }
}
