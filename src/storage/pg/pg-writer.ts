import type pg from "pg";
import { LeaseLostError } from "../ownership";
import type { LeaseFence, StoreWriter } from "../store-writer";
import type { WriteOp } from "../write-batch";
import { isStorageUnavailable, StorageUnavailableError } from "./pg-errors";
import { isEmptyUnit, PREPARE_WRITES, type RenderedUnit, renderGroup, renderUnit } from "./pg-prepared";
import { isOutage } from "./sync-pg";

interface PendingWrite {
  unit: RenderedUnit;
  resolve: () => void;
  reject: (err: unknown) => void;
}

export interface PgWriterOptions {
  /** Set when sessions are leased (replicas): a session created here is leased to it at epoch 1. */
  replicaId?: string;
  /** Told of every commit's outcome, so the server knows when Postgres is down or back. */
  onOutcome?: (err: unknown | null) => void;
}

/** Pooled connections that have the writes prepared; module-wide, as writers may share a pool. */
const PREPARED = new WeakSet<pg.PoolClient>();

/** A failed commit as the caller should see it: an outage, or Postgres's own refusal. */
function commitError(err: unknown): unknown {
  if (isStorageUnavailable(err)) return err;
  const e = err as { code?: string; message?: string } | null;
  if (e?.code === "BZ001")
    return new LeaseLostError(String(e.message ?? "").replace(/^lease lost on session /, ""));
  return isOutage(e?.code) ? new StorageUnavailableError(String(e?.message ?? err)) : err;
}

/**
 * Commits WriteBatches to Postgres. Everything handed over while one commit is in flight goes
 * out together as the next: one multi-statement text, which Postgres runs as one implicit
 * transaction in one round trip. A commit resolves only after Postgres acknowledged COMMIT
 * (synchronous_commit on: the WAL is flushed), so write-before-acknowledge holds as with SQLite.
 * If a group fails, its units are retried one by one so only the failing unit is rejected —
 * unless Postgres is unreachable, when they all are.
 */
export class PgWriter implements StoreWriter {
  private pending: PendingWrite[] = [];
  private inFlight: Promise<void> | null = null;
  private scheduled = false;
  private closed = false;
  private idleWaiters: (() => void)[] = [];

  constructor(
    private readonly pool: pg.Pool,
    private readonly opts: PgWriterOptions = {},
  ) {}

  commit(ops: readonly WriteOp[], fence?: LeaseFence): Promise<void> {
    if (this.closed) return Promise.reject(new Error("The store writer is closed."));
    let unit: RenderedUnit;
    try {
      unit = renderUnit(ops, fence ?? null, this.opts.replicaId);
    } catch (err) {
      return Promise.reject(err);
    }
    if (isEmptyUnit(unit)) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      this.pending.push({ unit, resolve, reject });
      if (!this.scheduled && this.inFlight === null) {
        this.scheduled = true;
        setImmediate(() => {
          this.scheduled = false;
          this.send();
        });
      }
    });
  }

  drain(): Promise<void> {
    if (this.inFlight === null && this.pending.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  async checkpoint(): Promise<void> {
    // Postgres checkpoints on its own.
  }

  autoCheckpoint(): void {
    // Nothing to tune: a SQLite notion.
  }

  async close(): Promise<void> {
    await this.drain();
    this.closed = true;
  }

  /**
   * Runs one text on a pooled connection that has the writes prepared (once per connection). A
   * connection that failed for any reason but a refused statement is dropped, not reused.
   */
  private async query(sql: string): Promise<void> {
    const client = await this.pool.connect();
    try {
      if (!PREPARED.has(client)) {
        await client.query(PREPARE_WRITES);
        PREPARED.add(client);
      }
      await client.query(sql);
      client.release();
    } catch (err) {
      const code = (err as { code?: string } | null)?.code;
      client.release(isOutage(code) ? (err as Error) : undefined);
      throw err;
    }
  }

  private send(): void {
    if (this.inFlight !== null) return;
    if (this.pending.length === 0) {
      for (const w of this.idleWaiters.splice(0)) w();
      return;
    }
    const units = this.pending;
    this.pending = [];
    this.inFlight = this.run(units).finally(() => {
      this.inFlight = null;
      this.send();
    });
  }

  private async run(units: PendingWrite[]): Promise<void> {
    try {
      await this.query(renderGroup(units.map((u) => u.unit)));
      for (const u of units) u.resolve();
      this.opts.onOutcome?.(null);
      return;
    } catch (err) {
      const e = commitError(err);
      if (units.length === 1 || isStorageUnavailable(e)) {
        for (const u of units) u.reject(e);
        this.opts.onOutcome?.(isStorageUnavailable(e) ? e : null);
        return;
      }
    }
    // One unit failed and rolled the group back: retry each alone so only it fails.
    for (const u of units) {
      try {
        await this.query(renderGroup([u.unit]));
        u.resolve();
      } catch (err) {
        u.reject(commitError(err));
      }
    }
    this.opts.onOutcome?.(null);
  }
}
