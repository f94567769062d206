import type { WriteOp } from "./write-batch";

/**
 * Who must still own a session for a commit to land: with several replicas on one Postgres,
 * the commit aborts unless this process holds the session's lease at `epoch` (pg/pg-leases.ts).
 * SQLite has one server per file and ignores it.
 */
export interface LeaseFence {
  sessionId: string;
  replicaId: string;
  instance: string;
  epoch: number;
}

/**
 * Commits WriteBatches. `commit` resolves only once its ops are stored (all of them, or none and
 * it rejects), so a caller that answers a client after awaiting it never acknowledges a change
 * that a crash could lose. Commits complete in the order they were handed over.
 */
export interface StoreWriter {
  commit(ops: readonly WriteOp[], fence?: LeaseFence): Promise<void>;
  /** Resolves when everything handed over so far is committed (or has failed). */
  drain(): Promise<void>;
  /** Copy the WAL back into the database between two commits (see checkpointer.ts). */
  checkpoint(): Promise<void>;
  /** Let SQLite checkpoint inside commits again, every `pages` WAL pages (0 turns that off). */
  autoCheckpoint(pages: number): void;
  /** Drain, then stop; later commits reject. */
  close(): Promise<void>;
}
