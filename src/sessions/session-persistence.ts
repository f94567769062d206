import { ENGINE_VERSION } from "../../env/engine-version";
import { ReplayMismatchError } from "../../env/replay";
import { type TellsModelRef, UnknownTellsModelError } from "../../env/tells/extract-cues";
import type { Listing } from "../../tasks/listings/listing";
import { errorFields, type Logger } from "../log/logger";
import type { ResolvedSeller } from "../seller-runtime/resolve-seller-spec";
import { OwnershipError, type SessionOwnership } from "../storage/ownership";
import type { Storage } from "../storage/storage";
import type { StoreWriter } from "../storage/store-writer";
import type { WriteOp } from "../storage/write-batch";
import { rebuildRun, recordedTellsModel } from "./run-replay";
import { type BuyerResolver, rebuildSellerRun } from "./seller-role/seller-session-ops";
import { ServiceError, sessionElsewhere } from "./service-error";
import { sessionNotFound } from "./session-errors";
import type { LiveSession, SessionTable } from "./session-table";

/** Turns a seller key into a policy (and, for LLM sellers, an async proposer). */
export type SellerResolver = (key: string) => ResolvedSeller;

/** updated_at only matters for the TTL check after a restart, where being 10 s stale is harmless. */
export const TOUCH_EVERY_MS = 10_000;

export interface SessionPersistenceDeps {
  store: Storage;
  writer: StoreWriter;
  /** Leases sessions to this replica when several share one Postgres; null for SQLite. */
  ownership: SessionOwnership | null;
  table: SessionTable;
  sellers: SellerResolver;
  /** The seller role's opponents, for resuming seller-role sessions. */
  buyers: BuyerResolver;
  listings: readonly Listing[] | undefined;
  /** The model a session reads with when its stored episodes recorded none. */
  tellsModel: TellsModelRef;
  now: () => number;
  log: Logger;
}

/**
 * A stored session this build cannot continue: its log names a tells model no release has, or
 * does not replay byte for byte (ReplayMismatchError). The message names no hidden state.
 */
function unresumable(id: string, err: unknown): unknown {
  if (err instanceof UnknownTellsModelError)
    return new ServiceError(
      "VALIDATION_ERROR",
      `Session ${id} was recorded with tells model ${err.requested.version}, which this build does not have; it cannot be resumed.`,
      409,
    );
  if (err instanceof ReplayMismatchError)
    return new ServiceError(
      "VALIDATION_ERROR",
      `Session ${id} was recorded by a build whose episodes this one does not reproduce; it cannot be resumed.`,
      409,
    );
  return err;
}

/**
 * Write-through storage of live sessions: every reset and step commits one transaction, so any
 * session open when the process died is rebuilt from its stored logs on the next request naming
 * it. Closing is committed before the id can be resumed again.
 */
export class SessionPersistence {
  /** Sessions whose close is being committed: not to be resumed from their still-open row meanwhile. */
  private readonly closing = new Set<string>();

  constructor(private readonly d: SessionPersistenceDeps) {}

  meta(s: LiveSession, now: number) {
    return { sessionId: s.id, run: s.runNo, engineVersion: ENGINE_VERSION, now };
  }

  /**
   * Rebuild a stored open session (after a restart or an eviction race) into the table. A log
   * this build cannot continue is a 409, not a crash (unresumable); the row is left as it is.
   */
  resume(id: string): LiveSession {
    const now = this.d.now();
    if (this.closing.has(id)) throw sessionNotFound(id);
    // With replicas, take the lease first: only its holder may rebuild and step the session.
    this.claim(id);
    try {
      return this.rebuildClaimed(id, now);
    } catch (err) {
      // Not rebuilt here (closed, full, or a log this build cannot continue): the lease goes
      // back, or a live replica that can continue it would be refused while this one lives.
      this.releaseLease(id);
      throw unresumable(id, err);
    }
  }

  private releaseLease(id: string): void {
    try {
      this.d.ownership?.release(id);
    } catch (err) {
      // The database is out of reach: the lease stays until this replica stops, as before.
      this.d.log.warn("lease not released", { session_id: id, ...errorFields(err) });
    }
  }

  private rebuildClaimed(id: string, now: number): LiveSession {
    const { store, table } = this.d;
    const row = store.session(id);
    // A WebSocket's session dies with its connection: a restart must not hand it to another client.
    if (row === undefined || row.closed !== 0 || row.options.ws === true) throw sessionNotFound(id);
    if (now - row.updated_at > table.ttlMs) {
      void this.quietly(this.d.writer.commit(store.batch().closeSession(id, 2, now).ops));
      throw sessionNotFound(id);
    }
    table.requireRoom();
    const episodes = store.runEpisodes(id, row.run);
    const last = episodes[episodes.length - 1];
    if (last === undefined) throw sessionNotFound(id);
    // The session keeps the model it opened with: derived once here, handed to the rebuild.
    const tellsModel = recordedTellsModel(episodes) ?? this.d.tellsModel;
    const resumed = {
      ...table.blank(id, true, tellsModel),
      runNo: row.run,
      task: row.task,
      seed: row.seed,
      options: row.options,
      episodeKey: last.key,
    };
    if (row.options.role === "seller") {
      const r: LiveSession = {
        ...resumed,
        seller: rebuildSellerRun(row.task, row.seed, row.options, episodes, this.d.buyers, tellsModel),
      };
      table.add(r);
      this.d.log.info("session resumed", { session_id: id, episodes: episodes.length, role: "seller" });
      return r;
    }
    const seller = row.options.seller === "" ? null : this.d.sellers(row.options.seller);
    const run = rebuildRun(
      row.task,
      row.seed,
      row.options,
      episodes,
      tellsModel,
      seller?.policy,
      this.d.listings,
    );
    const r: LiveSession = { ...resumed, propose: seller?.propose ?? null, run };
    table.add(r);
    this.d.log.info("session resumed", { session_id: id, episodes: episodes.length });
    return r;
  }

  /** Take the session's lease: 404 for a session no replica ever held, 503 while its owner lives. */
  private claim(id: string): void {
    if (this.d.ownership === null) return;
    try {
      this.d.ownership.claim(id);
    } catch (err) {
      if (err instanceof OwnershipError)
        throw err.kind === "unknown" ? sessionNotFound(id) : sessionElsewhere();
      throw err;
    }
  }

  /** Forget a session at once; resolves when its row says closed (1 closed by its client, 2 expired). */
  drop(s: LiveSession, code: 1 | 2): Promise<void> {
    this.d.table.forget(s);
    const fence = this.d.ownership?.fence(s.id);
    this.d.ownership?.forget(s.id);
    if (!s.stored) return Promise.resolve();
    // Until the row says closed, a request naming the session must not rebuild it from storage.
    this.closing.add(s.id);
    return this.d.writer
      .commit(this.d.store.batch().closeSession(s.id, code, this.d.now()).ops, fence)
      .finally(() => this.closing.delete(s.id));
  }

  /**
   * Store a change, then resolve; if storing fails the session is dropped so the next request
   * rebuilds it. With replicas the commit is fenced by the session's lease (pg/pg-leases.ts).
   */
  async persist(s: LiveSession, ops: readonly WriteOp[]): Promise<void> {
    try {
      await this.d.writer.commit(ops, this.d.ownership?.fence(s.id));
    } catch (err) {
      this.d.table.forget(s);
      this.d.ownership?.forget(s.id);
      throw err;
    }
  }

  /**
   * Evictions nobody waits on: a failed write is logged. The row then stays open, so the session
   * could still be resumed by id until it is past its TTL, when the next attempt closes it.
   */
  quietly(write: Promise<void>): Promise<void> {
    return write.catch((err: unknown) => {
      this.d.log.error("closing an expired session in storage failed", errorFields(err));
    });
  }

  /** Whether this step should refresh the row's updated_at (at most every TOUCH_EVERY_MS). */
  dueForTouch(s: LiveSession, now: number): boolean {
    if (now - s.touchedAt < TOUCH_EVERY_MS) return false;
    s.touchedAt = now;
    return true;
  }
}
