import type { WriteOp } from "./write-batch";

/**
 * Commits WriteBatches. `commit` resolves only once its ops are stored (all of them, or none and
 * it rejects), so a caller that answers a client after awaiting it never acknowledges a change
 * that a crash could lose. Commits complete in the order they were handed over.
 */
export interface StoreWriter {
  commit(ops: readonly WriteOp[]): Promise<void>;
  /** Resolves when everything handed over so far is committed (or has failed). */
  drain(): Promise<void>;
  /** Copy the WAL back into the database between two commits (see checkpointer.ts). */
  checkpoint(): Promise<void>;
  /** Let SQLite checkpoint inside commits again, every `pages` WAL pages (0 turns that off). */
  autoCheckpoint(pages: number): void;
  /** Drain, then stop; later commits reject. */
  close(): Promise<void>;
}
