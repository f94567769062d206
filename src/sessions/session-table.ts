import type { RunState } from "../../env/run";
import type { TellsModelRef } from "../../env/tells/extract-cues";
import type { SellerRunState } from "../../tasks/seller-role/seller-run";
import type { Logger } from "../log/logger";
import type { ResolvedSeller } from "../seller-runtime/resolve-seller-spec";
import type { RunOptionsRow } from "../storage/episode-store";
import { ServiceError } from "./service-error";
import { sessionNotFound } from "./session-errors";
import type { CapacityStatus } from "./session-service";

export const DEFAULT_TASK = "single_deal";

export interface LiveSession {
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
  /**
   * The tells model the session's runs read with on the model path: fixed when the session
   * opens (the shipped model, or after a resume the one its stored episodes recorded), so a
   * session never changes models midway, whatever ships meanwhile.
   */
  tellsModel: TellsModelRef;
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
  /**
   * Every request_id stored for this session, when this process knows them all: it created the
   * session (a fresh id has no stored steps) and every step since went through it. null when the
   * session was loaded from storage (another replica, or this one before a restart, may have
   * stored more) or the set grew past its cap: then storage is asked. It spares a storage read
   * per step, which on Postgres is a round trip the event loop waits on (sync-pg.ts).
   */
  requestIds: Set<string> | null;
}

export interface SessionTableOptions {
  maxSessions: number;
  ttlMs: number;
  now: () => number;
  log: Logger;
  /** Closes an idle session for good (in storage too); nobody waits on it. */
  evict: (s: LiveSession) => void;
}

/**
 * The live sessions in memory: capacity, idle TTL, ownership (a session held by a connection
 * answers only that connection) and per-session ordering. Storage is not its business: what
 * an eviction writes is the `evict` callback's.
 */
export class SessionTable {
  private readonly sessions = new Map<string, LiveSession>();

  constructor(private readonly o: SessionTableOptions) {}

  get ttlMs(): number {
    return this.o.ttlMs;
  }

  capacity(): CapacityStatus {
    return { active_sessions: this.sessions.size, max_sessions: this.o.maxSessions };
  }

  blank(id: string, stored: boolean, tellsModel: TellsModelRef): LiveSession {
    const now = this.o.now();
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
      tellsModel,
      episodeKey: 0,
      propose: null,
      pinned: false,
      channel: null,
      lastActive: now,
      touchedAt: now,
      tail: Promise.resolve(),
      requestIds: stored ? null : new Set(),
    };
  }

  add(s: LiveSession): void {
    this.sessions.set(s.id, s);
  }

  /** Forget a session at once: every request after this finds it closed. */
  forget(s: LiveSession): void {
    s.closed = true;
    this.sessions.delete(s.id);
  }

  /** Remove a slot held for a reset that never started a run. */
  release(s: LiveSession): void {
    this.sessions.delete(s.id);
  }

  requireRoom(): void {
    if (this.sessions.size < this.o.maxSessions) return;
    // Idle sessions past their TTL should not keep a newcomer out.
    if (this.sweep() > 0) return;
    throw new ServiceError(
      "CAPACITY_REACHED",
      `The server holds its maximum of ${this.o.maxSessions} sessions. Close one (POST /close) or retry later.`,
      undefined,
      this.capacity(),
    );
  }

  /**
   * The live session with this id as `via` may see it, or undefined when none is in memory.
   * Held elsewhere or idle past the TTL reads as not found (the latter is evicted on the spot).
   */
  find(id: string, touch: boolean, via: object | undefined): LiveSession | undefined {
    const s = this.sessions.get(id);
    if (s === undefined) return undefined;
    const now = this.o.now();
    if (s.channel !== null && s.channel !== via) throw sessionNotFound(id);
    if (!s.pinned && now - s.lastActive > this.o.ttlMs) {
      this.o.evict(s);
      throw sessionNotFound(id);
    }
    if (touch) s.lastActive = now;
    return s;
  }

  /** Evict sessions idle longer than the TTL; their episodes stay stored. Returns how many. */
  sweep(): number {
    const now = this.o.now();
    let n = 0;
    for (const s of this.sessions.values()) {
      if (!s.pinned && now - s.lastActive > this.o.ttlMs) {
        this.o.evict(s);
        n++;
      }
    }
    if (n > 0) this.o.log.info("sessions evicted", { count: n, active: this.sessions.size });
    return n;
  }

  /** Drop every in-memory session without closing it in storage (shutdown); they stay resumable. */
  detachAll(): void {
    for (const s of this.sessions.values()) s.closed = true;
    this.sessions.clear();
  }

  /** Run `fn` after the session's earlier requests, so they apply in the order they arrived. */
  enqueue<T>(s: LiveSession, fn: () => T): Promise<T> {
    const next = s.tail.then(fn);
    s.tail = next.catch(() => undefined);
    return next;
  }
}
