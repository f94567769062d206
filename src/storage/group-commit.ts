import type { EpisodeStore } from "./episode-store";

interface PendingWrite {
  write: () => void;
  resolve: () => void;
  reject: (err: unknown) => void;
}

/**
 * Group commit: every write queued during one turn of the event loop is committed in a single
 * SQLite transaction, and only then are the callers' promises resolved, so a response is still
 * sent only after its step is stored. Under load this turns N commits (each a WAL append) into
 * one; with a single client it costs one setImmediate hop.
 */
export class GroupCommit {
  private pending: PendingWrite[] = [];
  private scheduled = false;

  constructor(private readonly store: EpisodeStore) {}

  commit(write: () => void): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.pending.push({ write, resolve, reject });
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => this.flush());
      }
    });
  }

  /** Commit everything queued now (also used at shutdown). */
  flush(): void {
    const batch = this.pending;
    this.pending = [];
    this.scheduled = false;
    if (batch.length === 0) return;
    try {
      this.store.transaction(() => {
        for (const p of batch) p.write();
      });
      for (const p of batch) p.resolve();
    } catch {
      // One failing write rolled the whole group back; retry each alone so only it fails.
      for (const p of batch) {
        try {
          this.store.transaction(p.write);
          p.resolve();
        } catch (err) {
          p.reject(err);
        }
      }
    }
  }
}
