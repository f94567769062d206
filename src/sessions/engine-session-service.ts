import { ENGINE_VERSION } from "../../env/engine-version";
import { EngineError, type ExternalSellerTurn } from "../../env/episode-step";
import type { PublicState } from "../../env/public-state";
import { episodeIdFor, type RunState, runComplete, stepRun } from "../../env/run";
import { sellerKey } from "../../env/seller-policy";
import { sellerRoleBuyer } from "../../env/seller-role/buyer-ref";
import { proposeInputFor } from "../../sellers/llm/propose-input";
import { resolveSeller, UnknownSellerError } from "../../sellers/registry";
import type { Listing } from "../../tasks/listings/listing";
import { DEFAULT_HISTORY_WINDOW, UnknownTaskError } from "../../tasks/open-run";
import { type SellerRunState, stepSellerRun } from "../../tasks/seller-role/seller-run";
import { episodeView } from "../boundary/episode-view";
import { resetView } from "../boundary/reset-view";
import { type StoredEpisodeFacts, storedEpisodeOver, storedRevealed } from "../boundary/reveal";
import {
  sellerEpisodeView,
  sellerResetView,
  sellerStateView,
  sellerStepView,
} from "../boundary/seller-role-views";
import { stateView } from "../boundary/state-view";
import { stepView } from "../boundary/step-view";
import { errorFields, type Logger, silentLogger } from "../log/logger";
import type { ResolvedSeller } from "../seller-runtime/resolve-seller-spec";
import type { EpisodeStore, RunOptionsRow, StoredEpisode } from "../storage/episode-store";
import { GroupCommit } from "../storage/group-commit";
import { isStorageFull, STORAGE_FULL_MESSAGE } from "../storage/storage-full";
import type { StoreWriter } from "../storage/store-writer";
import type { WriteOp } from "../storage/write-batch";
import type { EpisodeListResponse } from "../wire/episode-list";
import type { EpisodeView } from "../wire/episode-view";
import type { ResetRequest, ResetResponse } from "../wire/reset";
import type { ScoreResponse } from "../wire/score";
import type {
  SellerEpisodeView,
  SellerPublicState,
  SellerResetRequest,
  SellerResetResponse,
  SellerScoreResponse,
  SellerStepRequest,
  SellerStepResponse,
} from "../wire/seller-role";
import type { StepRequest, StepResponse } from "../wire/step";
import { branchEpisode, type CounterfactualBranch, type CounterfactualInput } from "./counterfactual";
import { drawSeed, newEpisodeId, newSessionId } from "./ids";
import { openRunFor, rebuildRun, restartEpisode } from "./run-replay";
import { scoreResponse } from "./score-metrics";
import {
  type BuyerResolver,
  codeBuyers,
  openSellerSessionRun,
  ROLE_MISMATCH,
  rebuildSellerRun,
  SELLER_RESET_KEYS,
  sellerOptionsRow,
  sellerScore,
} from "./seller-role/seller-session-ops";
import { type CapacityStatus, ServiceError, type SessionService } from "./session-service";

export const DEFAULT_TASK = "single_deal";

/** Keys /reset understands; anything else is accepted, ignored and listed back (OPENENV §2.1). */
const RESET_KEYS = new Set([
  "role",
  "session_id",
  "task",
  "task_id",
  "seed",
  "episode_id",
  "seller",
  "reward_mode",
  "options",
  "timeout_s",
]);

/** One entry of a batch answer: the single-call result, or the error that item alone hit. */
export type BatchItem<T> =
  | T
  | {
      session_id: string | null;
      status: number;
      error: { code: string; message: string; details?: unknown };
    };

export interface CounterfactualResult extends Omit<CounterfactualBranch, "state"> {
  episode_id: string;
  branched_from: string;
}

/** Turns a seller key into a policy (and, for LLM sellers, an async proposer). */
export type SellerResolver = (key: string) => ResolvedSeller;

const ruleSellers: SellerResolver = (key) => ({ policy: resolveSeller(key) });

/** Bound on one LLM seller turn when the request gives no timeout_s (well under OpenEnv's 60 s). */
const DEFAULT_SELLER_TIMEOUT_MS = 20_000;

export interface SessionServiceDeps {
  store: EpisodeStore;
  /** Commits writes; a GroupCommit on the store's own connection when omitted. */
  writer?: StoreWriter;
  /** Rule sellers only when omitted; the server passes one that also builds LLM sellers. */
  sellers?: SellerResolver;
  /** Seller role's opponents: code buyers only when omitted; the server also builds LLM buyers. */
  buyers?: BuyerResolver;
  /** Products for listing-based tasks; the built-in catalog when omitted. */
  listings?: readonly Listing[];
  maxSessions: number;
  sessionTtlS: number;
  /** Milliseconds; injected so tests can age sessions without waiting. */
  now?: () => number;
  logger?: Logger;
}

interface LiveSession {
  id: string;
  /** Whether the sessions row exists yet (a WS slot has none until its first reset). */
  stored: boolean;
  closed: boolean;
  run: RunState | null;
  /** Seller role: the agent sells; `run` is null then (one role per run). */
  seller: SellerRunState | null;
  runNo: number;
  task: string;
  seed: number;
  options: RunOptionsRow | null;
  /** Storage key of run.episode. */
  episodeKey: number;
  /** Present when the seller proposes turns asynchronously (an LLM). */
  propose: NonNullable<ResolvedSeller["propose"]> | null;
  /** Held by a live WebSocket: never evicted for idleness while the socket is open. */
  pinned: boolean;
  /**
   * The connection that holds the session (a WebSocket), or null for HTTP sessions. A held
   * session answers only requests made through that connection.
   */
  channel: object | null;
  lastActive: number;
  /** When updated_at was last written; refreshed at most every TOUCH_EVERY_MS to spare a write per step. */
  touchedAt: number;
  tail: Promise<unknown>;
}

/** updated_at only matters for the TTL check after a restart, where being 10 s stale is harmless. */
const TOUCH_EVERY_MS = 10_000;

// One answer for unknown, closed, expired and held-elsewhere sessions, so a guessed or leaked id
// learns nothing about which it is.
const notFound = (id: string): ServiceError =>
  new ServiceError(
    "SESSION_NOT_FOUND",
    `Session "${clip(id)}" is unknown, closed or expired (a WebSocket session answers only on its own connection). POST /reset without a session_id to start a new one.`,
    404,
  );

const episodeNotFound = (id: string): ServiceError =>
  new ServiceError(
    "EPISODE_NOT_FOUND",
    `No finished episode has id "${clip(id)}". An episode still being played is readable only with its session (header x-session-id).`,
    404,
  );

/** Ids are echoed in messages; a long one is cut so an error never grows with the input. */
const clip = (id: string): string => (id.length > 64 ? `${id.slice(0, 64)}…` : id);

/** Turn one failed batch item into its entry; an unexpected failure stays inside its item as a 500. */
function batchError(sessionId: string | undefined, err: unknown, log: Logger): BatchItem<never> {
  if (err instanceof ServiceError) {
    return {
      session_id: sessionId ?? null,
      status: err.status,
      error: {
        code: err.code,
        message: err.message,
        ...(err.details === undefined ? {} : { details: err.details }),
      },
    };
  }
  // A full disk is for the client to retry later, not a server fault (issue 10, item 10).
  if (isStorageFull(err)) {
    return {
      session_id: sessionId ?? null,
      status: 507,
      error: { code: "STORAGE_FULL", message: STORAGE_FULL_MESSAGE },
    };
  }
  log.error("batch item failed", errorFields(err));
  return {
    session_id: sessionId ?? null,
    status: 500,
    error: { code: "INTERNAL_ERROR", message: "Internal error." },
  };
}

function domainError(err: unknown): unknown {
  if (err instanceof UnknownTaskError) {
    return new ServiceError("UNKNOWN_TASK", err.message, 400, { requested: err.requested });
  }
  if (err instanceof UnknownSellerError) {
    return new ServiceError("UNKNOWN_SELLER", err.message, 400, {
      requested: err.requested,
      available: err.available,
    });
  }
  if (err instanceof EngineError) {
    return err.code === "EPISODE_DONE"
      ? new ServiceError("EPISODE_DONE", err.message, 409)
      : new ServiceError("VALIDATION_ERROR", err.message, 422);
  }
  return err;
}

/**
 * The SessionService every transport calls. Sessions live in memory for speed and are written
 * through to SQLite on every reset and step (one transaction each), so any session that was
 * open when the process died can be rebuilt from its stored logs on the next request naming it.
 */
export class EngineSessionService implements SessionService {
  private readonly sessions = new Map<string, LiveSession>();
  private readonly store: EpisodeStore;
  private readonly maxSessions: number;
  private readonly ttlMs: number;
  private readonly now: () => number;
  private readonly log: Logger;
  private readonly writer: StoreWriter;
  private readonly sellers: SellerResolver;
  private readonly buyers: BuyerResolver;
  private readonly listings: readonly Listing[] | undefined;
  /** Sessions whose close is being committed: not to be resumed from their still-open row meanwhile. */
  private readonly closing = new Set<string>();
  /** Client-chosen episode ids claimed by resets whose first write has not committed yet. */
  private readonly claimedIds = new Set<string>();

  constructor(deps: SessionServiceDeps) {
    this.listings = deps.listings;
    this.sellers = deps.sellers ?? ruleSellers;
    this.buyers = deps.buyers ?? codeBuyers;
    this.store = deps.store;
    this.writer = deps.writer ?? new GroupCommit(deps.store);
    this.maxSessions = deps.maxSessions;
    this.ttlMs = deps.sessionTtlS * 1000;
    this.now = deps.now ?? Date.now;
    this.log = deps.logger ?? silentLogger;
  }

  capacity(): CapacityStatus {
    return { active_sessions: this.sessions.size, max_sessions: this.maxSessions };
  }

  /**
   * Reserve a session slot without starting an episode. With a `channel` (a WebSocket) the
   * session lives as long as the connection and answers only requests passing that channel.
   */
  openSession(channel?: object): string {
    this.requireRoom();
    const s = this.blankSession(newSessionId(), false);
    if (channel !== undefined) {
      // Trainers idle between steps; the socket's lifetime, not a TTL, bounds the session.
      s.pinned = true;
      s.channel = channel;
    }
    this.sessions.set(s.id, s);
    return s.id;
  }

  reset(req: ResetRequest, via?: object): Promise<ResetResponse> {
    return this.resetWith(req.session_id, via, (s) => this.resetIn(s, req));
  }

  /** POST /reset with "role": "seller": the same session rules, the agent sells against a pinned buyer. */
  resetSeller(req: SellerResetRequest, via?: object): Promise<SellerResetResponse> {
    return this.resetWith(req.session_id, via, (s) => this.resetSellerIn(s, req));
  }

  /** A reset in an existing session (queued behind its requests) or in a new slot. */
  private async resetWith<T>(
    sessionId: string | undefined,
    via: object | undefined,
    resetIn: (s: LiveSession) => Promise<T>,
  ): Promise<T> {
    if (sessionId !== undefined) {
      const s = this.live(sessionId, true, via);
      return this.enqueue(s, () => resetIn(s));
    }
    this.requireRoom();
    const s = this.blankSession(newSessionId(), false);
    // Hold the slot while the first reset commits, so concurrent resets cannot overfill the table.
    this.sessions.set(s.id, s);
    try {
      return await resetIn(s);
    } catch (err) {
      if (s.run === null && s.seller === null) this.sessions.delete(s.id);
      throw err;
    }
  }

  async step(req: StepRequest, via?: object): Promise<StepResponse> {
    const s = this.live(req.session_id, true, via);
    return this.enqueue(s, () => this.stepIn(s, req));
  }

  async stepSeller(req: SellerStepRequest, via?: object): Promise<SellerStepResponse> {
    const s = this.live(req.session_id, true, via);
    return this.enqueue(s, () => this.stepSellerIn(s, req));
  }

  state(sessionId: string, via?: object): PublicState & { session_id: string } {
    return { ...stateView(this.runOf(this.live(sessionId, false, via))), session_id: sessionId };
  }

  score(sessionId: string, via?: object): ScoreResponse {
    return scoreResponse(sessionId, this.runOf(this.live(sessionId, false, via)));
  }

  /** GET /state for either role: what the transports call. */
  stateOf(sessionId: string, via?: object): (PublicState & { session_id: string }) | SellerPublicState {
    const s = this.live(sessionId, false, via);
    return s.seller !== null ? sellerStateView(sessionId, s.seller) : this.state(sessionId, via);
  }

  /** GET /score for either role: what the transports call. */
  scoreOf(sessionId: string, via?: object): ScoreResponse | SellerScoreResponse {
    const s = this.live(sessionId, false, via);
    return s.seller !== null ? sellerScore(sessionId, s.seller) : this.score(sessionId, via);
  }

  /**
   * Queued behind the session's earlier requests, so a step in flight finishes first; every
   * request after it finds the session closed (404), in memory and, once committed, in storage.
   */
  async close(sessionId: string, via?: object): Promise<{ session_id: string; closed: true }> {
    const s = this.live(sessionId, false, via);
    await this.enqueue(s, () => {
      if (s.closed) throw notFound(sessionId);
      return this.drop(s, 1);
    });
    return { session_id: sessionId, closed: true };
  }

  /** Many resets at once; one bad item never fails the others. Items with "role": "seller" sell. */
  async batchReset(
    items: readonly (ResetRequest | SellerResetRequest)[],
  ): Promise<BatchItem<ResetResponse | SellerResetResponse>[]> {
    return Promise.all(
      items.map((r) =>
        (r.role === "seller"
          ? this.resetSeller(r as SellerResetRequest)
          : this.reset(r as ResetRequest)
        ).catch((err) => batchError(r.session_id, err, this.log)),
      ),
    );
  }

  async batchStep(
    items: readonly (StepRequest | SellerStepRequest)[],
  ): Promise<BatchItem<StepResponse | SellerStepResponse>[]> {
    return Promise.all(
      items.map((r) =>
        Promise.resolve()
          .then(
            (): Promise<StepResponse | SellerStepResponse> =>
              "action_type" in r.action
                ? this.stepSeller(r as SellerStepRequest)
                : this.step(r as StepRequest),
          )
          .catch((err) => batchError(r.session_id, err, this.log)),
      ),
    );
  }

  /**
   * A stored episode for a reader. Anyone with its id may read an episode that is over; one
   * still being played only with its own session id (and then only the buyer's view).
   */
  episode(id: string, sessionId?: string): EpisodeView {
    const view = this.episodeOf(id, sessionId);
    if ("role" in view) throw new ServiceError("VALIDATION_ERROR", "This is a seller-role episode.", 409);
    return view;
  }

  /** GET /episodes/:id for either role. A seller-role log gets the seller's projection (the buyer's would show its budget). */
  episodeOf(id: string, sessionId?: string): EpisodeView | SellerEpisodeView {
    const { ep, facts } = this.storedWithAccess(id);
    if (!storedEpisodeOver(facts) && sessionId !== ep.session_id) throw episodeNotFound(id);
    const buyer = sellerRoleBuyer(ep.events);
    return buyer === null ? episodeView(ep, facts) : sellerEpisodeView(ep, buyer, facts);
  }

  /** The newest episodes whose run is over: what anyone may replay. Never a live one, never a session id. */
  recentEpisodes(limit: number): EpisodeListResponse {
    return {
      episodes: this.store.recentOverEpisodes(limit).map((ep) => ({
        episode_id: ep.id,
        task: ep.task,
        task_version: ep.task_version,
        seller: ep.seller,
        seed: ep.seed,
        episode: ep.episode_index,
        status: ep.status,
        outcome: ep.outcome,
        agreed_price: ep.record?.agreed_price ?? null,
        branched_from: ep.branched_from,
        created_at: new Date(ep.created_at).toISOString(),
      })),
    };
  }

  /**
   * Branch a stored episode at round k; the branch is stored as a new episode with its own id.
   * Only once its run is over: on a live run it would be a look-ahead oracle for the buyer.
   */
  async counterfactual(id: string, input: CounterfactualInput): Promise<CounterfactualResult> {
    const { ep, facts } = this.storedWithAccess(id);
    if (sellerRoleBuyer(ep.events) !== null) {
      throw new ServiceError("VALIDATION_ERROR", "Seller-role episodes can be read but not branched.", 409);
    }
    if (!storedRevealed(facts)) {
      throw new ServiceError(
        "EPISODE_NOT_OVER",
        "Counterfactuals branch finished play only: this episode, or another in its run, is still being played.",
        409,
      );
    }
    const branchId = `${ep.id}~cf-${newEpisodeId().slice(3)}`;
    const { state, ...rest } = branchEpisode(ep, input, branchId);
    const b = this.store.batch();
    b.insertEpisode(state, {
      sessionId: null,
      run: ep.run,
      engineVersion: ENGINE_VERSION,
      now: this.now(),
      branchedFrom: ep.id,
      fromRound: input.from_round,
    });
    await this.writer.commit(b.ops);
    return { episode_id: branchId, branched_from: ep.id, ...rest };
  }

  /** Evict sessions idle longer than the TTL; their episodes stay stored. Returns how many. */
  sweep(): number {
    const now = this.now();
    let n = 0;
    for (const s of this.sessions.values()) {
      if (!s.pinned && now - s.lastActive > this.ttlMs) {
        void this.quietly(this.drop(s, 2));
        n++;
      }
    }
    if (n > 0) this.log.info("sessions evicted", { count: n, active: this.sessions.size });
    return n;
  }

  /** Drop every in-memory session without closing it in storage (shutdown); they stay resumable. */
  detachAll(): void {
    for (const s of this.sessions.values()) s.closed = true;
    this.sessions.clear();
  }

  get ttlSeconds(): number {
    return this.ttlMs / 1000;
  }

  // ---- internals ----

  private storedWithAccess(id: string): { ep: StoredEpisode; facts: StoredEpisodeFacts } {
    const ep = this.store.episode(id);
    if (ep === undefined) throw episodeNotFound(id);
    const status = ep.status;
    // A branch has no session: nothing of it is ever played.
    if (ep.session_id === null) return { ep, facts: { status, runLive: false, sessionEnded: true } };
    const row = this.store.session(ep.session_id);
    const sessionEnded = row === undefined || row.closed !== 0;
    const runLive = !sessionEnded && this.store.runLive(ep.session_id, ep.run);
    return { ep, facts: { status, runLive, sessionEnded } };
  }

  /** A client-chosen id is a name others may link to: it must not already name any episode. */
  private idTaken(id: string): boolean {
    if (this.claimedIds.has(id) || this.store.episodeIdUsed(id)) return true;
    // "x-3" is what a career started as "x" names its third episode.
    const m = /^(.+)-(\d+)$/.exec(id);
    return (
      m !== null &&
      Number(m[2]) >= 2 &&
      (this.claimedIds.has(m[1] as string) || this.store.episodeIdUsed(m[1] as string))
    );
  }

  /** Claim every id a run started as `first` will use; throws 409 if any is taken. */
  private claimEpisodeIds(first: string, total: number): string[] {
    const ids = Array.from({ length: total }, (_, i) => episodeIdFor(first, i + 1));
    const taken = ids.find((id) => this.idTaken(id));
    if (taken !== undefined) {
      throw new ServiceError(
        "EPISODE_ID_TAKEN",
        `Episode id "${clip(taken)}" is already in use. Omit episode_id to get a fresh one, or choose another.`,
        409,
      );
    }
    for (const id of ids) this.claimedIds.add(id);
    return ids;
  }

  private blankSession(id: string, stored: boolean): LiveSession {
    return {
      id,
      stored,
      closed: false,
      run: null,
      seller: null,
      runNo: 0,
      task: DEFAULT_TASK,
      seed: 0,
      options: null,
      episodeKey: 0,
      propose: null,
      pinned: false,
      channel: null,
      lastActive: this.now(),
      touchedAt: this.now(),
      tail: Promise.resolve(),
    };
  }

  private requireRoom(): void {
    if (this.sessions.size < this.maxSessions) return;
    // Idle sessions past their TTL should not keep a newcomer out.
    if (this.sweep() > 0) return;
    throw new ServiceError(
      "CAPACITY_REACHED",
      `The server holds its maximum of ${this.maxSessions} sessions. Close one (POST /close) or retry later.`,
      503,
      this.capacity(),
    );
  }

  private enqueue<T>(s: LiveSession, fn: () => T): Promise<T> {
    const next = s.tail.then(fn);
    s.tail = next.catch(() => undefined);
    return next;
  }

  private runOf(s: LiveSession): RunState {
    if (s.run === null) {
      throw new ServiceError("EPISODE_NOT_FOUND", "This session has no episode yet; call reset first.", 409);
    }
    return s.run;
  }

  /** Find a session in memory, or rebuild a stored open one (after a restart or an eviction race). */
  private live(id: string, touch: boolean, via: object | undefined): LiveSession {
    const now = this.now();
    const s = this.sessions.get(id);
    if (s !== undefined) {
      if (s.channel !== null && s.channel !== via) throw notFound(id);
      if (!s.pinned && now - s.lastActive > this.ttlMs) {
        void this.quietly(this.drop(s, 2));
        throw notFound(id);
      }
      if (touch) s.lastActive = now;
      return s;
    }
    if (this.closing.has(id)) throw notFound(id);
    const row = this.store.session(id);
    // A WebSocket's session dies with its connection: a restart must not hand it to another client.
    if (row === undefined || row.closed !== 0 || row.options.ws === true) throw notFound(id);
    if (now - row.updated_at > this.ttlMs) {
      void this.quietly(this.writer.commit(this.store.batch().closeSession(id, 2, now).ops));
      throw notFound(id);
    }
    this.requireRoom();
    const episodes = this.store.runEpisodes(id, row.run);
    const last = episodes[episodes.length - 1];
    if (last === undefined) throw notFound(id);
    if (row.options.role === "seller") {
      const r: LiveSession = {
        ...this.blankSession(id, true),
        seller: rebuildSellerRun(row.task, row.options, last, this.buyers),
        runNo: row.run,
        task: row.task,
        seed: row.seed,
        options: row.options,
        episodeKey: last.key,
      };
      this.sessions.set(id, r);
      this.log.info("session resumed", { session_id: id, episodes: 1, role: "seller" });
      return r;
    }
    const seller = row.options.seller === "" ? null : this.sellers(row.options.seller);
    const run = rebuildRun(row.task, row.seed, row.options, episodes, seller?.policy, this.listings);
    const r: LiveSession = {
      ...this.blankSession(id, true),
      propose: seller?.propose ?? null,
      run,
      runNo: row.run,
      task: row.task,
      seed: row.seed,
      options: row.options,
      episodeKey: last.key,
    };
    this.sessions.set(id, r);
    this.log.info("session resumed", { session_id: id, episodes: episodes.length });
    return r;
  }

  /** Forget a session at once; resolves when its row says closed. */
  private drop(s: LiveSession, code: 1 | 2): Promise<void> {
    s.closed = true;
    this.sessions.delete(s.id);
    if (!s.stored) return Promise.resolve();
    // Until the row says closed, a request naming the session must not rebuild it from storage.
    this.closing.add(s.id);
    return this.writer
      .commit(this.store.batch().closeSession(s.id, code, this.now()).ops)
      .finally(() => this.closing.delete(s.id));
  }

  /**
   * Evictions nobody waits on: a failed write is logged. The row then stays open, so the session
   * could still be resumed by id until it is past its TTL, when the next attempt closes it.
   */
  private quietly(write: Promise<void>): Promise<void> {
    return write.catch((err: unknown) => {
      this.log.error("closing an expired session in storage failed", errorFields(err));
    });
  }

  private ensureOpen(s: LiveSession): void {
    if (s.closed) throw notFound(s.id);
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

  /** Store a change, then resolve; if storing fails the session is dropped so the next request rebuilds it. */
  private async persist(s: LiveSession, ops: readonly WriteOp[]): Promise<void> {
    try {
      await this.writer.commit(ops);
    } catch (err) {
      s.closed = true;
      this.sessions.delete(s.id);
      throw err;
    }
  }

  /** Resolves once everything handed to the writer is committed (shutdown). */
  drain(): Promise<void> {
    return this.writer.drain();
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
        s.episodeKey = b.insertEpisode(prior.episode, this.meta(s, now));
        await this.persist(s, b.touchSession(s.id, now).ops);
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
      run = openRunFor(task, seed, { ...options, seller: req.seller ?? "" }, seller?.policy, this.listings);
    } catch (err) {
      throw domainError(err);
    }
    options.seller = sellerKey(run.plan.seller.ref);
    const claimed =
      req.episode_id === undefined ? [] : this.claimEpisodeIds(req.episode_id, run.plan.totalEpisodes);
    const runNo = s.runNo + 1;
    const row = { id: s.id, task, seed, options, run: runNo };
    const abandoned = this.runningEpisodeKey(s);
    const wasStored = s.stored;
    Object.assign(s, {
      stored: true,
      run,
      seller: null,
      runNo,
      task,
      seed,
      options,
      propose: seller?.propose ?? null,
    });
    const b = this.store.batch();
    if (abandoned !== null) b.abandonEpisode(abandoned);
    if (wasStored) b.updateSessionRun(row, now);
    else b.createSession(row, now);
    s.episodeKey = b.insertEpisode(run.episode, this.meta(s, now));
    try {
      await this.persist(s, b.ops);
    } finally {
      // Committed ids are found in storage from now on; failed ones are free again.
      for (const id of claimed) this.claimedIds.delete(id);
    }
    return this.resetResponse(s, run, req);
  }

  private meta(s: LiveSession, now: number) {
    return { sessionId: s.id, run: s.runNo, engineVersion: ENGINE_VERSION, now };
  }

  private resetResponse(s: LiveSession, run: RunState, req: ResetRequest): ResetResponse {
    const ignored = Object.keys(req).filter((k) => !RESET_KEYS.has(k));
    return resetView(s.id, run, ENGINE_VERSION, ignored);
  }

  private async proposal(
    propose: NonNullable<ResolvedSeller["propose"]>,
    run: RunState,
    req: StepRequest,
  ): Promise<ExternalSellerTurn | undefined> {
    const input = proposeInputFor(run, req.action);
    if (input === null) return undefined;
    return propose(input, AbortSignal.timeout(proposalTimeoutMs(req)));
  }

  /** The storage key of the session's episode still being played (either role), if any. */
  private runningEpisodeKey(s: LiveSession): number | null {
    const live = s.run?.episode ?? s.seller?.episode ?? null;
    return live !== null && !live.done ? s.episodeKey : null;
  }

  private async resetSellerIn(s: LiveSession, req: SellerResetRequest): Promise<SellerResetResponse> {
    this.ensureOpen(s);
    const now = this.now();
    const seed = req.seed ?? drawSeed();
    const episodeId = req.episode_id ?? newEpisodeId();
    const claimed = req.episode_id === undefined ? [] : this.claimEpisodeIds(req.episode_id, 1);
    try {
      const { run, result, task } = await openSellerSessionRun(req, seed, episodeId, this.buyers);
      const options = sellerOptionsRow(
        req,
        episodeId,
        `${run.buyer.ref.id}@${run.buyer.ref.version}`,
        s.channel !== null,
      );
      const runNo = s.runNo + 1;
      const row = { id: s.id, task, seed, options, run: runNo };
      const abandoned = this.runningEpisodeKey(s);
      const wasStored = s.stored;
      Object.assign(s, { stored: true, run: null, seller: run, runNo, task, seed, options, propose: null });
      const b = this.store.batch();
      if (abandoned !== null) b.abandonEpisode(abandoned);
      if (wasStored) b.updateSessionRun(row, now);
      else b.createSession(row, now);
      s.episodeKey = b.insertEpisode(run.episode, this.meta(s, now));
      await this.persist(s, b.ops);
      const ignored = Object.keys(req).filter((k) => !SELLER_RESET_KEYS.has(k));
      return sellerResetView(s.id, run, result, ignored);
    } finally {
      for (const id of claimed) this.claimedIds.delete(id);
    }
  }

  private async stepSellerIn(s: LiveSession, req: SellerStepRequest): Promise<SellerStepResponse> {
    this.ensureOpen(s);
    if (req.request_id !== undefined) {
      const seen = this.store.stepResult(s.id, req.request_id);
      if (seen !== undefined) return JSON.parse(seen) as SellerStepResponse;
    }
    const run = s.seller;
    if (run === null) {
      throw new ServiceError("VALIDATION_ERROR", ROLE_MISMATCH.buyer, 422);
    }
    const e = run.episode;
    const before = e.events.length;
    let result: Awaited<ReturnType<typeof stepSellerRun>>;
    try {
      result = await stepSellerRun(run, req.action);
    } catch (err) {
      throw domainError(err);
    }
    const res = sellerStepView(s.id, result);
    const now = this.now();
    const b = this.store.batch().appendEvents(s.episodeKey, before, e.events);
    if (e.done) b.finishEpisode(s.episodeKey, e);
    b.touchSession(s.id, now);
    if (req.request_id !== undefined) b.saveStepResult(s.id, req.request_id, JSON.stringify(res));
    await this.persist(s, b.ops);
    return res;
  }

  private async stepIn(s: LiveSession, req: StepRequest): Promise<StepResponse> {
    this.ensureOpen(s);
    if (s.seller !== null) throw new ServiceError("VALIDATION_ERROR", ROLE_MISMATCH.seller, 422);
    if (req.request_id !== undefined) {
      const seen = this.store.stepResult(s.id, req.request_id);
      if (seen !== undefined) return JSON.parse(seen) as StepResponse;
    }
    const run = this.runOf(s);
    const e = run.episode;
    const before = e.events.length;
    let result: ReturnType<typeof stepRun>;
    try {
      const external = s.propose === null ? undefined : await this.proposal(s.propose, run, req);
      result = stepRun(run, req.action, external);
    } catch (err) {
      throw domainError(err);
    }
    const res = stepView(s.id, run.episode.spec.episode_id, result);
    const now = this.now();
    const next = run.episode;
    const key = s.episodeKey;
    const touch = now - s.touchedAt >= TOUCH_EVERY_MS;
    if (touch) s.touchedAt = now;
    const b = this.store.batch().appendEvents(key, before, e.events);
    if (e.done) b.finishEpisode(key, e);
    if (next !== e) s.episodeKey = b.insertEpisode(next, this.meta(s, now));
    if (touch) b.touchSession(s.id, now);
    if (req.request_id !== undefined) b.saveStepResult(s.id, req.request_id, JSON.stringify(res));
    await this.persist(s, b.ops);
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
