import type Database from "better-sqlite3";
import type { EpisodeStore } from "./episode-store";
import type { StoreWriter } from "./store-writer";
import type { WriteOp } from "./write-batch";

interface PendingWrite {
  ops: readonly WriteOp[];
  resolve: () => void;
  reject: (err: unknown) => void;
}

/**
 * Group commit on the calling thread's connection: every batch handed over during one turn of the
 * event loop is committed in a single SQLite transaction, and only then are the callers' promises
 * resolved. Used for `:memory:` databases (which another thread cannot open) and as the fallback
 * when the writer thread cannot start; file databases on the server use WorkerWriter.
 */
export class GroupCommit implements StoreWriter {
  private pending: PendingWrite[] = [];
  private scheduled = false;
  private closed = false;

  constructor(private readonly store: EpisodeStore) {}

  commit(ops: readonly WriteOp[]): Promise<void> {
    if (this.closed) return Promise.reject(new Error("The store writer is closed."));
    return new Promise<void>((resolve, reject) => {
      this.pending.push({ ops, resolve, reject });
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => this.flush());
      }
    });
  }

  async drain(): Promise<void> {
    this.flush();
  }

  async checkpoint(): Promise<void> {
    this.flush();
    this.db.pragma("wal_checkpoint(PASSIVE)");
  }

  autoCheckpoint(pages: number): void {
    if (this.db.open) this.db.pragma(`wal_autocheckpoint = ${pages}`);
  }

  async close(): Promise<void> {
    this.flush();
    this.closed = true;
  }

  private get db(): Database.Database {
    return this.store.db;
  }

  private flush(): void {
    const batch = this.pending;
    this.pending = [];
    this.scheduled = false;
    if (batch.length === 0) return;
    try {
      this.store.apply(batch.flatMap((p) => p.ops));
      for (const p of batch) p.resolve();
    } catch {
      // One failing write rolled the whole group back; retry each alone so only it fails.
      for (const p of batch) {
        try {
          this.store.apply(p.ops);
          p.resolve();
        } catch (err) {
          p.reject(err);
        }
      }
    }
  }
}
