import { ENGINE_VERSION } from "../../env/engine-version";
import { type RunState, restartEpisode, runComplete, type StepResult } from "../../env/run";
import { sellerKey } from "../../env/seller-policy";
import { releasedTellsModelRef, TELLS_MODEL_REF, type TellsModelRef } from "../../env/tells/extract-cues";
import { resolveSeller } from "../../sellers/registry";
import { stepWithSeller } from "../../sellers/step-with-seller";
import type { Listing } from "../../tasks/listings/listing";
import { DEFAULT_HISTORY_WINDOW } from "../../tasks/open-run";
import { resetView } from "../boundary/reset-view";
import { stateView } from "../boundary/state-view";
import { stepView } from "../boundary/step-view";
import { type Logger, silentLogger } from "../log/logger";
import type { ResolvedSeller } from "../seller-runtime/resolve-seller-spec";
import type { RunOptionsRow } from "../storage/episode-store";
import type { SessionOwnership } from "../storage/ownership";
import type { Storage } from "../storage/storage";
import type { StoreWriter } from "../storage/store-writer";
import type { CounterfactualResponse, SellerCounterfactualRequest } from "../wire/counterfactual";
import type { EpisodeListResponse } from "../wire/episode-list";
import type { EpisodeView } from "../wire/episode-view";
import { ResetRequest, type ResetResponse, understoodResetKeys } from "../wire/reset";
import type { ScoreResponse } from "../wire/score";
import type * as Sell from "../wire/seller-role";
import type { SessionState } from "../wire/session";
import type { StepRequest, StepResponse } from "../wire/step";
import type { CounterfactualInput } from "./counterfactual";
import { EpisodeIdClaims } from "./episode-id-claims";
import { recalledStep, rememberStep } from "./idempotency";
import { drawSeed, newEpisodeId, newSessionId } from "./ids";
import { openRunFor } from "./run-replay";
import { scoreResponse } from "./score-metrics";
import { type BuyerResolver, codeBuyers, ROLE_MISMATCH } from "./seller-role/seller-session-ops";
import { runningEpisodeKey, SellerSessions } from "./seller-role/seller-sessions";
import { ServiceError } from "./service-error";
import { domainError, noEpisodeYet, sessionNotFound } from "./session-errors";
import { type SellerResolver, SessionPersistence } from "./session-persistence";
import type { CapacityStatus, SessionService } from "./session-service";
import { DEFAULT_TASK, type LiveSession, SessionTable } from "./session-table";
import { StoredEpisodes } from "./stored-episodes";
// Earlier tells model releases load from their files on first use (release-files.ts).
import "./release-files";

export { DEFAULT_TASK, type SellerResolver };

/** Keys a buyer /reset understands (its schema's); anything else is listed back as ignored. */
const RESET_KEYS = understoodResetKeys(ResetRequest);

const ruleSellers: SellerResolver = (key) => ({ policy: resolveSeller(key) });

/** Bound on one LLM seller turn when the request gives no timeout_s (well under OpenEnv's 60 s). */
const DEFAULT_SELLER_TIMEOUT_MS = 20_000;

export interface SessionServiceDeps {
  store: Storage;
  /** Leases sessions to this replica when several share one Postgres; none for SQLite. */
  ownership?: SessionOwnership | null;
  /** Commits writes; the store's own (a GroupCommit on its connection for SQLite) when omitted. */
  writer?: StoreWriter;
  /** Rule sellers only when omitted; the server passes one that also builds LLM sellers. */
  sellers?: SellerResolver;
  /** Seller role's opponents: code buyers only when omitted; the server also builds LLM buyers. */
  buyers?: BuyerResolver;
  /** Products for listing-based tasks; the built-in catalog when omitted. */
  listings?: readonly Listing[];
  /** The released tells model new sessions read with (default: the shipped one; tests pin older ones). */
  tellsModel?: TellsModelRef;
  maxSessions: number;
  sessionTtlS: number;
  /** Milliseconds; injected so tests can age sessions without waiting. */
  now?: () => number;
  logger?: Logger;
}

/**
 * The SessionService every transport calls: it plays resets and steps on live sessions. The
 * session table (capacity, TTL, ownership), their write-through persistence, idempotent steps,
 * claimed episode ids and stored-episode reads are each their own module; this composes them.
 */
export class EngineSessionService implements SessionService {
  private readonly table: SessionTable;
  private readonly persistence: SessionPersistence;
  private readonly episodes: StoredEpisodes;
  private readonly claims: EpisodeIdClaims;
  private readonly sellerRole: SellerSessions;
  private readonly store: Storage;
  private readonly ownership: SessionOwnership | null;
  private readonly writer: StoreWriter;
  private readonly sellers: SellerResolver;
  private readonly listings: readonly Listing[] | undefined;
  private readonly now: () => number;
  private readonly tellsModel: TellsModelRef;

  constructor(deps: SessionServiceDeps) {
    this.tellsModel = releasedTellsModelRef(deps.tellsModel ?? TELLS_MODEL_REF);
    this.listings = deps.listings;
    this.sellers = deps.sellers ?? ruleSellers;
    this.store = deps.store;
    this.ownership = deps.ownership ?? null;
    this.writer = deps.writer ?? deps.store.defaultWriter();
    this.now = deps.now ?? Date.now;
    const log = deps.logger ?? silentLogger;
    this.table = new SessionTable({
      maxSessions: deps.maxSessions,
      ttlMs: deps.sessionTtlS * 1000,
      now: this.now,
      log,
      evict: (s) => void this.persistence.quietly(this.persistence.drop(s, 2)),
    });
    this.persistence = new SessionPersistence({
      store: this.store,
      writer: this.writer,
      ownership: this.ownership,
      table: this.table,
      sellers: this.sellers,
      buyers: deps.buyers ?? codeBuyers,
      listings: this.listings,
      tellsModel: this.tellsModel,
      now: this.now,
      log,
    });
    this.episodes = new StoredEpisodes(this.store, this.writer, this.now);
    this.claims = new EpisodeIdClaims(this.store);
    this.sellerRole = new SellerSessions({
      store: this.store,
      persistence: this.persistence,
      claims: this.claims,
      buyers: deps.buyers ?? codeBuyers,
      now: this.now,
    });
  }

  capacity(): CapacityStatus {
    return this.table.capacity();
  }

  /**
   * Reserve a session slot without starting an episode. With a `channel` (a WebSocket) the
   * session lives as long as the connection and answers only requests passing that channel.
   */
  openSession(channel?: object): string {
    this.table.requireRoom();
    const s = this.table.blank(this.newId(), false, this.tellsModel);
    if (channel !== undefined) {
      // Trainers idle between steps; the socket's lifetime, not a TTL, bounds the session.
      s.pinned = true;
      s.channel = channel;
    }
    this.table.add(s);
    return s.id;
  }

  reset(req: ResetRequest, via?: object): Promise<ResetResponse> {
    return this.resetWith(req.session_id, via, (s) => this.resetIn(s, req));
  }

  // POST /reset with "role": "seller": the same session rules, the agent sells against a pinned buyer.
  resetSeller(req: Sell.SellerResetRequest, via?: object): Promise<Sell.SellerResetResponse> {
    return this.resetWith(req.session_id, via, (s) => this.sellerRole.resetIn(s, req));
  }

  async step(req: StepRequest, via?: object): Promise<StepResponse> {
    const s = this.live(req.session_id, true, via);
    return this.table.enqueue(s, () => this.stepIn(s, req));
  }

  async stepSeller(req: Sell.SellerStepRequest, via?: object): Promise<Sell.SellerStepResponse> {
    const s = this.live(req.session_id, true, via);
    return this.table.enqueue(s, () => this.sellerRole.stepIn(s, req));
  }

  state(sessionId: string, via?: object): SessionState {
    const run = this.runOf(this.live(sessionId, false, via));
    return { ...stateView(run), session_id: sessionId };
  }

  score(sessionId: string, via?: object): ScoreResponse {
    return scoreResponse(sessionId, this.runOf(this.live(sessionId, false, via)));
  }

  /** GET /state and /score for either role: what the transports call. */
  stateOf(sessionId: string, via?: object): SessionState | Sell.SellerPublicState {
    return this.sellerRole.state(this.live(sessionId, false, via)) ?? this.state(sessionId, via);
  }

  scoreOf(sessionId: string, via?: object): ScoreResponse | Sell.SellerScoreResponse {
    return this.sellerRole.score(this.live(sessionId, false, via)) ?? this.score(sessionId, via);
  }

  // A reset in an existing session (queued behind its requests) or in a new slot; both roles.
  private async resetWith<T>(
    id: string | undefined,
    via: object | undefined,
    resetIn: (s: LiveSession) => Promise<T>,
  ) {
    if (id !== undefined) {
      const s = this.live(id, true, via);
      return this.table.enqueue(s, () => resetIn(s));
    }
    this.table.requireRoom();
    const s = this.table.blank(this.newId(), false, this.tellsModel);
    // Hold the slot while the first reset commits, so concurrent resets cannot overfill the table.
    this.table.add(s);
    try {
      return await resetIn(s);
    } catch (err) {
      if (s.run === null && s.seller === null) this.table.release(s);
      throw err;
    }
  }

  /**
   * Queued behind the session's earlier requests, so a step in flight finishes first; every
   * request after it finds the session closed (404), in memory and, once committed, in storage.
   */
  async close(sessionId: string, via?: object): Promise<{ session_id: string; closed: true }> {
    const s = this.live(sessionId, false, via);
    await this.table.enqueue(s, () => {
      if (s.closed) throw sessionNotFound(sessionId);
      return this.persistence.drop(s, 1);
    });
    return { session_id: sessionId, closed: true };
  }

  episode(id: string, sessionId?: string): EpisodeView {
    return this.episodes.episode(id, sessionId);
  }

  /** GET /episodes/:id for either role. */
  episodeOf(id: string, sessionId?: string): EpisodeView | Sell.SellerEpisodeView {
    return this.episodes.episodeOf(id, sessionId);
  }

  recentEpisodes(limit: number): EpisodeListResponse {
    return this.episodes.recent(limit);
  }

  /** Branch either role's stored episode; a seller move (`action_type`) branches a seller-role one. */
  counterfactual(
    id: string,
    input: CounterfactualInput | SellerCounterfactualRequest,
  ): Promise<CounterfactualResponse> {
    return this.episodes.counterfactual(id, input);
  }

  /** Evict sessions idle longer than the TTL; their episodes stay stored. Returns how many. */
  sweep(): number {
    return this.table.sweep();
  }

  /** Drop every in-memory session without closing it in storage (shutdown); they stay resumable. */
  detachAll(): void {
    this.table.detachAll();
  }

  get ttlSeconds(): number {
    return this.table.ttlMs / 1000;
  }

  /** Resolves once everything handed to the writer is committed (shutdown). */
  drain(): Promise<void> {
    return this.writer.drain();
  }

  // ---- internals ----

  /** A new session id; with replicas, prefixed by this replica's id so a balancer can route it. */
  private newId(): string {
    const random = newSessionId();
    return this.ownership === null ? random : this.ownership.newSessionId(random);
  }

  private runOf(s: LiveSession): RunState {
    if (s.run === null) throw noEpisodeYet();
    return s.run;
  }

  /** Find a session in memory, or rebuild a stored open one (after a restart or an eviction race). */
  private live(id: string, touch: boolean, via: object | undefined): LiveSession {
    return this.table.find(id, touch, via) ?? this.persistence.resume(id);
  }

  private ensureOpen(s: LiveSession): void {
    if (s.closed) throw sessionNotFound(s.id);
  }

  private continuesCareer(s: LiveSession, req: ResetRequest, task: string): boolean {
    const run = s.run;
    if (run === null || s.options === null || run.plan.totalEpisodes <= 1 || runComplete(run)) return false;
    if (task !== s.task) return false;
    if (req.seed !== undefined && req.seed !== s.seed) return false;
    if (req.episode_id !== undefined || req.options !== undefined) return false;
    if (req.reward_mode !== undefined && req.reward_mode !== s.options.reward_mode) return false;
    return req.seller === undefined || req.seller === s.options.seller;
  }

  private async resetIn(s: LiveSession, req: ResetRequest): Promise<ResetResponse> {
    this.ensureOpen(s);
    const task = req.task ?? req.task_id ?? (s.run === null ? DEFAULT_TASK : s.task);
    const now = this.now();
    const prior = s.run;
    if (prior !== null && this.continuesCareer(s, req, task)) {
      if (prior.episode.stepCount > 0 && !prior.episode.done) {
        const abandoned = s.episodeKey;
        restartEpisode(prior);
        const b = this.store.batch().abandonEpisode(abandoned);
        s.episodeKey = b.insertEpisode(prior.episode, this.persistence.meta(s, now));
        await this.persistence.persist(s, b.touchSession(s.id, now).ops);
      }
      return this.resetResponse(s, prior, req);
    }
    const seed = req.seed ?? drawSeed();
    const options: RunOptionsRow = {
      ...(s.channel === null ? {} : { ws: true }),
      episode_id: req.episode_id ?? newEpisodeId(),
      seller: "",
      reward_mode: req.reward_mode ?? "shaped",
      tells: req.options?.tells ?? true,
      history_window: req.options?.history_window ?? DEFAULT_HISTORY_WINDOW,
      reveal_personality: req.options?.reveal_personality ?? null,
      timeout_s: typeof req.timeout_s === "number" && req.timeout_s > 0 ? req.timeout_s : null,
      ...(req.options?.tells_extractor === undefined ? {} : { tells_extractor: req.options.tells_extractor }),
    };
    let run: RunState;
    let seller: ResolvedSeller | null = null;
    try {
      if (req.seller !== undefined) seller = this.sellers(req.seller);
      const o = { ...options, seller: req.seller ?? "" };
      run = openRunFor(task, seed, o, seller?.policy, this.listings, s.tellsModel);
    } catch (err) {
      throw domainError(err);
    }
    options.seller = sellerKey(run.plan.seller.ref);
    const claimed =
      req.episode_id === undefined ? [] : await this.claims.claim(req.episode_id, run.plan.totalEpisodes);
    const runNo = s.runNo + 1;
    const row = { id: s.id, task, seed, options, run: runNo };
    const abandoned = runningEpisodeKey(s);
    const wasStored = s.stored;
    const propose = seller?.propose ?? null;
    Object.assign(s, { stored: true, run, seller: null, runNo, task, seed, options, propose });
    const b = this.store.batch();
    if (abandoned !== null) b.abandonEpisode(abandoned);
    if (wasStored) b.updateSessionRun(row, now);
    else b.createSession(row, now);
    s.episodeKey = b.insertEpisode(run.episode, this.persistence.meta(s, now));
    try {
      await this.persistence.persist(s, b.ops);
    } finally {
      this.claims.release(claimed);
    }
    return this.resetResponse(s, run, req);
  }

  private resetResponse(s: LiveSession, run: RunState, req: ResetRequest): ResetResponse {
    const ignored = Object.keys(req).filter((k) => !RESET_KEYS.has(k));
    return resetView(s.id, run, ENGINE_VERSION, ignored);
  }

  private async stepIn(s: LiveSession, req: StepRequest): Promise<StepResponse> {
    this.ensureOpen(s);
    if (s.seller !== null) throw new ServiceError("VALIDATION_ERROR", ROLE_MISMATCH.seller, 422);
    const seen = recalledStep(this.store, s, req.request_id);
    if (seen !== undefined) return seen;
    const run = this.runOf(s);
    const e = run.episode;
    const before = e.events.length;
    let result: StepResult;
    try {
      result = await stepWithSeller(run, req.action, s, () => AbortSignal.timeout(proposalTimeoutMs(req)));
    } catch (err) {
      throw domainError(err);
    }
    const res = stepView(s.id, run.episode.spec.episode_id, result);
    const now = this.now();
    const next = run.episode;
    const key = s.episodeKey;
    const touch = this.persistence.dueForTouch(s, now);
    const b = this.store.batch().appendEvents(key, before, e.events);
    if (e.done) b.finishEpisode(key, e);
    if (next !== e) s.episodeKey = b.insertEpisode(next, this.persistence.meta(s, now));
    if (touch) b.touchSession(s.id, now);
    rememberStep(b, s, req.request_id, res);
    await this.persistence.persist(s, b.ops);
    return res;
  }
}

/** An async seller's turn, bounded in time; its own failures already fall back to its rule persona. */
function proposalTimeoutMs(req: StepRequest): number {
  return req.timeout_s === undefined ? DEFAULT_SELLER_TIMEOUT_MS : req.timeout_s * 1000;
}

export function createSessionService(deps: SessionServiceDeps): EngineSessionService {
  return new EngineSessionService(deps);
}
