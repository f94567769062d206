import type { SessionRow, StoreCounts, StoredEpisode } from "./episode-store";
import type { StoreWriter } from "./store-writer";
import type { WriteBatch } from "./write-batch";

export type StorageEngine = "sqlite" | "postgres";

/**
 * What the session service needs from a database, whichever engine holds it: reads answer at
 * once (SQLite reads its file, Postgres blocks on a bounded round trip, see pg/sync-pg.ts), and
 * writes travel as WriteBatches through a StoreWriter whose `commit` resolves only once they
 * are durable. EpisodeStore (SQLite, the default) and PgStore both implement it, and the same
 * suite (storage-contract.test.ts) runs against both.
 */
export interface Storage {
  readonly engine: StorageEngine;
  /** A new, empty batch of writes; episode keys it hands out are never reused. */
  batch(): WriteBatch;
  /** The writer to use when the caller brings none (commits on this store's own connection). */
  defaultWriter(): StoreWriter;
  session(id: string): SessionRow | undefined;
  stepResult(sessionId: string, requestId: string): string | undefined;
  /** The live episodes of one run of a session, oldest first, with their logs. */
  runEpisodes(sessionId: string, run: number): StoredEpisode[];
  episode(id: string): StoredEpisode | undefined;
  /**
   * Which of these ids a stored episode (or branch) already has. Asynchronous, unlike the other
   * reads: every reset naming an episode_id asks, and on Postgres a synchronous read would hold
   * the event loop for a round trip (sync-pg.ts), which the bench showed on the reset path.
   */
  usedEpisodeIds(ids: readonly string[]): Promise<Set<string>>;
  /** The newest episodes whose run is over, without their logs (a replay list). */
  recentOverEpisodes(limit: number): Omit<StoredEpisode, "events">[];
  /** Whether the session is open and one episode of its run `run` is still being played. */
  runLive(sessionId: string, run: number): boolean;
  counts(): StoreCounts;
  healthy(): boolean;
  close(): void;
}
