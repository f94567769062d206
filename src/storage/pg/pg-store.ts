import pg from "pg";
import {
  type EpisodeDbRow,
  episodeOfRow,
  eventsOfBatches,
  type SessionRow,
  type StoreCounts,
  type StoredEpisode,
} from "../episode-store";
import type { Storage } from "../storage";
import type { StoreWriter } from "../store-writer";
import { type EpisodeKeys, type RunOptionsRow, WriteBatch } from "../write-batch";
import { StorageUnavailableError } from "./pg-errors";
import { PgWriter } from "./pg-writer";
import { isOutage, type SyncPg } from "./sync-pg";

/** Keys per block drawn from the episode_key_blocks sequence (pg-schema.ts). */
const KEY_BLOCK = 1024;

const READ_SQL = {
  session: "SELECT * FROM sessions WHERE id = $1",
  runEpisodes:
    "SELECT * FROM episodes WHERE session_id = $1 AND run = $2 AND status != 'abandoned' ORDER BY episode_index, key",
  episodeById: "SELECT * FROM episodes WHERE id = $1 ORDER BY key DESC LIMIT 1",
  events:
    "SELECT episode_key, json FROM event_batches WHERE episode_key = ANY($1::bigint[]) ORDER BY episode_key, seq",
  usedEpisodeIds: "SELECT DISTINCT id FROM episodes WHERE id = ANY($1::text[])",
  // The rule of episode-store.ts's recentOver; newest by creation time, as keys come in
  // per-process blocks and are not ordered across replicas.
  recentOver: `SELECT e.* FROM episodes e LEFT JOIN sessions s ON s.id = e.session_id
    WHERE e.status != 'abandoned' AND (
      e.session_id IS NULL OR s.closed != 0 OR (e.status != 'running' AND NOT EXISTS (
        SELECT 1 FROM episodes r WHERE r.session_id = e.session_id AND r.run = e.run AND r.status = 'running')))
    ORDER BY e.created_at DESC, e.key DESC LIMIT $1`,
  runLive: `SELECT 1 AS live FROM sessions s WHERE s.id = $1 AND s.closed = 0 AND EXISTS (
    SELECT 1 FROM episodes e WHERE e.session_id = s.id AND e.run = $2 AND e.status = 'running')`,
  stepResult: "SELECT response FROM step_results WHERE session_id = $1 AND request_id = $2",
  counts: `SELECT (SELECT COUNT(*) FROM sessions) AS sessions, (SELECT COUNT(*) FROM episodes) AS episodes,
    (SELECT COALESCE(SUM(json_array_length(json::json)), 0) FROM event_batches) AS events,
    (SELECT COUNT(*) FROM step_results) AS step_results`,
  nextKeyBlock: "SELECT nextval('episode_key_blocks') AS block",
} as const;

/**
 * The Postgres engine behind the Storage interface: the same rows as SQLite (pg-schema.ts),
 * read synchronously through `reader`, written through a PgWriter on `pool`.
 */
export class PgStore implements Storage {
  readonly engine = "postgres";
  private keyNext = 0;
  private keyEnd = 0;
  private readonly keys: EpisodeKeys = {
    next: () => {
      if (this.keyNext >= this.keyEnd) {
        const row = this.reader.query<{ block: number }>(READ_SQL.nextKeyBlock)[0];
        if (row === undefined) throw new Error("episode_key_blocks returned nothing.");
        this.keyNext = row.block * KEY_BLOCK;
        this.keyEnd = this.keyNext + KEY_BLOCK;
      }
      return this.keyNext++;
    },
  };

  constructor(
    readonly pool: pg.Pool,
    private readonly reader: SyncPg,
    private readonly writerOptions: ConstructorParameters<typeof PgWriter>[1] = {},
  ) {}

  batch(): WriteBatch {
    return new WriteBatch(this.keys);
  }

  defaultWriter(): StoreWriter {
    return new PgWriter(this.pool, this.writerOptions);
  }

  session(id: string): SessionRow | undefined {
    const row = this.reader.query<Omit<SessionRow, "options"> & { options: string }>(READ_SQL.session, [
      id,
    ])[0];
    return row && { ...row, options: JSON.parse(row.options) as RunOptionsRow };
  }

  stepResult(sessionId: string, requestId: string): string | undefined {
    return this.reader.query<{ response: string }>(READ_SQL.stepResult, [sessionId, requestId])[0]?.response;
  }

  runEpisodes(sessionId: string, run: number): StoredEpisode[] {
    return this.withEvents(this.reader.query<EpisodeDbRow>(READ_SQL.runEpisodes, [sessionId, run]));
  }

  episode(id: string): StoredEpisode | undefined {
    return this.withEvents(this.reader.query<EpisodeDbRow>(READ_SQL.episodeById, [id]))[0];
  }

  async usedEpisodeIds(ids: readonly string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    try {
      const r = await this.pool.query<{ id: string }>(READ_SQL.usedEpisodeIds, [ids]);
      return new Set(r.rows.map((row) => row.id));
    } catch (err) {
      const e = err as { code?: string; message?: string };
      throw isOutage(e.code) ? new StorageUnavailableError(String(e.message ?? err)) : err;
    }
  }

  recentOverEpisodes(limit: number): Omit<StoredEpisode, "events">[] {
    return this.reader.query<EpisodeDbRow>(READ_SQL.recentOver, [limit]).map(episodeOfRow);
  }

  runLive(sessionId: string, run: number): boolean {
    return this.reader.query(READ_SQL.runLive, [sessionId, run]).length > 0;
  }

  counts(): StoreCounts {
    const row = this.reader.query<Record<keyof StoreCounts, number | string>>(READ_SQL.counts)[0];
    return {
      sessions: Number(row?.sessions ?? 0),
      episodes: Number(row?.episodes ?? 0),
      events: Number(row?.events ?? 0),
      step_results: Number(row?.step_results ?? 0),
    };
  }

  healthy(): boolean {
    try {
      return this.reader.query("SELECT 1 AS ok").length === 1;
    } catch {
      return false;
    }
  }

  close(): void {
    void this.reader.close();
    void this.pool.end().catch(() => undefined);
  }

  /** Rows with their logs, fetched in one query for all of them. */
  private withEvents(rows: EpisodeDbRow[]): StoredEpisode[] {
    if (rows.length === 0) return [];
    const batches = this.reader.query<{ episode_key: number; json: string }>(READ_SQL.events, [
      rows.map((r) => r.key),
    ]);
    const byKey = new Map<number, string[]>();
    for (const b of batches) {
      const list = byKey.get(b.episode_key) ?? [];
      list.push(b.json);
      byKey.set(b.episode_key, list);
    }
    return rows.map((r) => ({ ...episodeOfRow(r), events: eventsOfBatches(byKey.get(r.key) ?? []) }));
  }
}

/** BIGINT columns (keys, seeds, times) as numbers: all of them stay below 2^53. */
export const PG_TYPES = {
  getTypeParser: ((oid: number, format?: "text" | "binary") =>
    oid === 20
      ? (v: string) => Number(v)
      : pg.types.getTypeParser(oid, format)) as pg.CustomTypesConfig["getTypeParser"],
};
