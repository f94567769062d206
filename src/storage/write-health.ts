import type Database from "better-sqlite3";
import { isStorageFull } from "./storage-full";
import type { StoreWriter } from "./store-writer";

export type WriteHealthStatus = "ok" | "full";

/**
 * Whether the database currently takes writes, as /health reports it. Marked full when a
 * commit fails for lack of room, cleared by the next commit that lands. While full, `status()`
 * also tries one tiny write of its own (at most every `probeEveryMs`), so /health recovers
 * when space returns even if no client is writing.
 */
export class WriteHealth {
  private full = false;
  private probedAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly probe: () => void,
    /** Told of each change between "ok" and "full", so the server logs it once, not per request. */
    private readonly onChange: (status: WriteHealthStatus, err?: unknown) => void = () => undefined,
    private readonly now: () => number = Date.now,
    private readonly probeEveryMs = 1000,
  ) {}

  recordFailure(err: unknown): void {
    if (this.full || !isStorageFull(err)) return;
    this.full = true;
    this.onChange("full", err);
  }

  recordSuccess(): void {
    if (!this.full) return;
    this.full = false;
    this.onChange("ok");
  }

  status(): WriteHealthStatus {
    if (this.full && this.now() - this.probedAt >= this.probeEveryMs) {
      this.probedAt = this.now();
      try {
        this.probe();
        this.recordSuccess();
      } catch {
        // Still full: nothing changes.
      }
    }
    return this.full ? "full" : "ok";
  }
}

/**
 * The smallest real write: rewriting the header's user_version with its own value dirties
 * page 1, so the commit must append a frame to the WAL, and fails exactly when commits do.
 * user_version is otherwise unused (migrations keep their own table).
 */
export function headerProbe(db: Database.Database): () => void {
  return () => {
    const v = db.pragma("user_version", { simple: true }) as number;
    db.pragma(`user_version = ${Math.trunc(v)}`);
  };
}

/** `writer`, reporting every commit's outcome to `health`. */
export function watchWrites(writer: StoreWriter, health: WriteHealth): StoreWriter {
  return {
    commit: (ops) =>
      writer.commit(ops).then(
        () => health.recordSuccess(),
        (err: unknown) => {
          health.recordFailure(err);
          throw err;
        },
      ),
    drain: () => writer.drain(),
    checkpoint: () => writer.checkpoint(),
    autoCheckpoint: (pages) => writer.autoCheckpoint(pages),
    close: () => writer.close(),
  };
}
