import type Database from "better-sqlite3";
import type { EpisodeEvent } from "../../env/events";
import type { DealRecord } from "../../env/records";
import { GroupCommit } from "./group-commit";
import type { Storage } from "./storage";
import type { StoreWriter } from "./store-writer";
import {
  type EpisodeKeys,
  type EpisodeStatus,
  type RunOptionsRow,
  WRITE_SQL,
  WriteBatch,
  type WriteOp,
  type WriteStatement,
} from "./write-batch";

export type { EpisodeMeta, EpisodeStatus, RunOptionsRow } from "./write-batch";

export interface SessionRow {
  id: string;
  task: string;
  seed: number;
  options: RunOptionsRow;
  run: number;
  created_at: number;
  updated_at: number;
  /** 0 open, 1 closed by the client, 2 expired (idle TTL). */
  closed: 0 | 1 | 2;
}

export interface StoredEpisode {
  key: number;
  id: string;
  session_id: string | null;
  run: number;
  task: string;
  task_version: string;
  seller: { id: string; version: number; hash: string };
  engine_version: string;
  seed: number;
  episode_index: number;
  status: EpisodeStatus;
  outcome: string | null;
  record: DealRecord | null;
  branched_from: string | null;
  from_round: number | null;
  created_at: number;
  events: EpisodeEvent[];
}

export interface StoreCounts {
  sessions: number;
  episodes: number;
  events: number;
  step_results: number;
}

/** An episodes row as both engines return it (Postgres BIGINTs parsed to numbers). */
export interface EpisodeDbRow {
  key: number;
  id: string;
  session_id: string | null;
  run: number;
  task: string;
  task_version: string;
  seller_id: string;
  seller_version: number;
  seller_hash: string;
  engine_version: string;
  seed: number;
  episode_index: number;
  status: EpisodeStatus;
  outcome: string | null;
  record: string | null;
  branched_from: string | null;
  from_round: number | null;
  created_at: number;
}

/** Prepares WRITE_SQL on `db` and returns a function that runs a list of ops in one transaction. */
function applyInTransaction(db: Database.Database): (ops: readonly WriteOp[]) => void {
  const stmts = Object.fromEntries(
    Object.entries(WRITE_SQL).map(([name, sql]) => [name, db.prepare(sql)]),
  ) as Record<WriteStatement, Database.Statement>;
  return db.transaction((ops: readonly WriteOp[]) => {
    for (const [name, params] of ops) stmts[name].run(...params);
  });
}

/**
 * The SQLite database as the server sees it: reads here, writes as WriteBatches that a
 * StoreWriter commits (on this connection via `apply`, or on the writer thread's own connection).
 */
export class EpisodeStore implements Storage {
  readonly engine = "sqlite";
  private readonly q;
  private applyTx: ((ops: readonly WriteOp[]) => void) | null = null;
  private lastKey: number;
  private readonly keys: EpisodeKeys = { next: () => ++this.lastKey };

  constructor(readonly db: Database.Database) {
    this.q = {
      session: db.prepare("SELECT * FROM sessions WHERE id = ?"),
      events: db.prepare("SELECT json FROM event_batches WHERE episode_key = ? ORDER BY seq").pluck(),
      runEpisodes: db.prepare(
        "SELECT * FROM episodes WHERE session_id = ? AND run = ? AND status != 'abandoned' ORDER BY episode_index, key",
      ),
      episodeById: db.prepare("SELECT * FROM episodes WHERE id = ? ORDER BY key DESC LIMIT 1"),
      episodeIdUsed: db.prepare("SELECT 1 FROM episodes WHERE id = ? LIMIT 1").pluck(),
      // Newest first; an episode counts as over when its session is closed, or when it ended
      // and no episode of its run is still being played (the rule of src/boundary/reveal.ts).
      recentOver: db.prepare(
        `SELECT e.* FROM episodes e LEFT JOIN sessions s ON s.id = e.session_id
         WHERE e.status != 'abandoned' AND (
           e.session_id IS NULL OR s.closed != 0 OR (e.status != 'running' AND NOT EXISTS (
             SELECT 1 FROM episodes r WHERE r.session_id = e.session_id AND r.run = e.run AND r.status = 'running')))
         ORDER BY e.key DESC LIMIT ?`,
      ),
      runLive: db
        .prepare(
          `SELECT 1 FROM sessions s WHERE s.id = ? AND s.closed = 0 AND EXISTS (
             SELECT 1 FROM episodes e WHERE e.session_id = s.id AND e.run = ? AND e.status = 'running')`,
        )
        .pluck(),
      stepResult: db.prepare("SELECT response FROM step_results WHERE session_id = ? AND request_id = ?"),
      counts: db.prepare(
        `SELECT (SELECT COUNT(*) FROM sessions) AS sessions, (SELECT COUNT(*) FROM episodes) AS episodes,
                (SELECT COALESCE(SUM(json_array_length(json)), 0) FROM event_batches) AS events, (SELECT COUNT(*) FROM step_results) AS step_results`,
      ),
      ping: db.prepare("SELECT 1 AS ok"),
    };
    this.lastKey = (db.prepare("SELECT COALESCE(MAX(key), 0) AS k FROM episodes").get() as { k: number }).k;
  }

  /** A new, empty batch of writes; episode keys it hands out are never reused. */
  batch(): WriteBatch {
    return new WriteBatch(this.keys);
  }

  defaultWriter(): StoreWriter {
    return new GroupCommit(this);
  }

  /**
   * Commit ops on this connection in one transaction: all of them or, if one throws, none. The
   * statements are prepared on first use, so a store that only reads never prepares them.
   */
  apply(ops: readonly WriteOp[]): void {
    this.applyTx ??= applyInTransaction(this.db);
    this.applyTx(ops);
  }

  /** Build a batch with `fn` and commit it here at once (tests, tools); returns what `fn` returns. */
  write<T>(fn: (b: WriteBatch) => T): T {
    const b = this.batch();
    const out = fn(b);
    this.apply(b.ops);
    return out;
  }

  session(id: string): SessionRow | undefined {
    const row = this.q.session.get(id) as (Omit<SessionRow, "options"> & { options: string }) | undefined;
    return row && { ...row, options: JSON.parse(row.options) as RunOptionsRow };
  }

  stepResult(sessionId: string, requestId: string): string | undefined {
    const row = this.q.stepResult.get(sessionId, requestId) as { response: string } | undefined;
    return row?.response;
  }

  /** The live episodes of one run of a session, oldest first, with their logs. */
  runEpisodes(sessionId: string, run: number): StoredEpisode[] {
    return (this.q.runEpisodes.all(sessionId, run) as EpisodeDbRow[]).map((r) => this.withEvents(r));
  }

  episode(id: string): StoredEpisode | undefined {
    const row = this.q.episodeById.get(id) as EpisodeDbRow | undefined;
    return row && this.withEvents(row);
  }

  /** Whether any stored episode (or branch) already has this id. */
  async usedEpisodeIds(ids: readonly string[]): Promise<Set<string>> {
    return new Set(ids.filter((id) => this.q.episodeIdUsed.get(id) !== undefined));
  }

  /** The newest episodes whose run is over, without their logs (a replay list). */
  recentOverEpisodes(limit: number): Omit<StoredEpisode, "events">[] {
    return (this.q.recentOver.all(limit) as EpisodeDbRow[]).map((r) => this.rowOf(r));
  }

  /** Whether the session is open and one episode of its run `run` is still being played. */
  runLive(sessionId: string, run: number): boolean {
    return this.q.runLive.get(sessionId, run) !== undefined;
  }

  counts(): StoreCounts {
    return this.q.counts.get() as StoreCounts;
  }

  healthy(): boolean {
    try {
      return (this.q.ping.get() as { ok: number }).ok === 1;
    } catch {
      return false;
    }
  }

  close(): void {
    if (this.db.open) this.db.close();
  }

  private withEvents(r: EpisodeDbRow): StoredEpisode {
    return { ...episodeOfRow(r), events: eventsOfBatches(this.q.events.all(r.key) as string[]) };
  }

  private rowOf(r: EpisodeDbRow): Omit<StoredEpisode, "events"> {
    return episodeOfRow(r);
  }
}

/** An episode's log from its stored batches (each one JSON array), in order. */
export function eventsOfBatches(batches: readonly string[]): EpisodeEvent[] {
  const events: EpisodeEvent[] = [];
  for (const json of batches) {
    for (const ev of JSON.parse(json) as EpisodeEvent[]) events.push(ev);
  }
  return events;
}

export function episodeOfRow(r: EpisodeDbRow): Omit<StoredEpisode, "events"> {
  return {
    key: r.key,
    id: r.id,
    session_id: r.session_id,
    run: r.run,
    task: r.task,
    task_version: r.task_version,
    seller: { id: r.seller_id, version: r.seller_version, hash: r.seller_hash },
    engine_version: r.engine_version,
    seed: r.seed,
    episode_index: r.episode_index,
    status: r.status,
    outcome: r.outcome,
    record: r.record === null ? null : (JSON.parse(r.record) as DealRecord),
    branched_from: r.branched_from,
    from_round: r.from_round,
    created_at: r.created_at,
  };
}
