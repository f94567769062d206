import type { RewardMode } from "../../env/episode-spec";
import type { EpisodeState } from "../../env/episode-state";
import type { EpisodeEvent } from "../../env/events";
import type { TellsExtractorId } from "../../env/tells/extract-cues";

/** How a session's current run was opened; enough to open the same run again after a restart. */
export interface RunOptionsRow {
  episode_id: string;
  seller: string;
  reward_mode: RewardMode;
  tells: boolean;
  history_window: number;
  reveal_personality: boolean | null;
  timeout_s: number | null;
  /** Set when a WebSocket held the session: such a session is never resumed over another channel. */
  ws?: true;
  /** Absent on runs opened before the option existed, and whenever it was not given ("rules"). */
  tells_extractor?: TellsExtractorId;
  /** Seller role: the agent sells against `buyer` ("id@version"); absent on buyer-role runs. */
  role?: "seller";
  buyer?: string;
}

export interface SessionRunRow {
  id: string;
  task: string;
  seed: number;
  options: RunOptionsRow;
  run: number;
}

export interface EpisodeMeta {
  sessionId: string | null;
  run: number;
  engineVersion: string;
  now: number;
  branchedFrom?: string;
  fromRound?: number;
}

/**
 * Every statement that changes the database. Writes travel as data (a statement name and its
 * parameters) rather than as closures, so the same batch can be committed on this thread or
 * handed to the writer thread (worker-writer.ts), which prepares these same texts.
 */
export const WRITE_SQL = {
  insertSession: `INSERT INTO sessions (id, task, seed, options, run, created_at, updated_at, closed)
    VALUES (?, ?, ?, ?, ?, ?, ?, 0)`,
  updateSessionRun:
    "UPDATE sessions SET task = ?, seed = ?, options = ?, run = ?, updated_at = ? WHERE id = ?",
  touchSession: "UPDATE sessions SET updated_at = ? WHERE id = ?",
  closeSession: "UPDATE sessions SET closed = ?, updated_at = ? WHERE id = ? AND closed = 0",
  insertEpisode: `INSERT INTO episodes (key, id, session_id, run, task, task_version, seller_id, seller_version,
    seller_hash, engine_version, seed, episode_index, spec, status, outcome, record, branched_from, from_round, created_at)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  finishEpisode: "UPDATE episodes SET status = ?, outcome = ?, record = ? WHERE key = ?",
  abandonEpisode: "UPDATE episodes SET status = 'abandoned' WHERE key = ?",
  insertEvents: "INSERT INTO event_batches (episode_key, seq, json) VALUES (?, ?, ?)",
  insertStepResult: "INSERT INTO step_results (session_id, request_id, response) VALUES (?, ?, ?)",
} as const;

export type WriteStatement = keyof typeof WRITE_SQL;
export type SqlValue = string | number | null;
export type WriteOp = readonly [WriteStatement, readonly SqlValue[]];

export type EpisodeStatus = "running" | "finished" | "abandoned";
const statusOf = (e: EpisodeState): EpisodeStatus => (e.done ? "finished" : "running");

/** Hands out episode keys; the server is the only writer of its database, so a counter suffices. */
export interface EpisodeKeys {
  next(): number;
}

/**
 * The writes of one logical change (a reset, a step), collected in order. Committed all or
 * nothing by a StoreWriter.
 */
export class WriteBatch {
  readonly ops: WriteOp[] = [];

  constructor(private readonly keys: EpisodeKeys) {}

  createSession(row: SessionRunRow, now: number): this {
    this.ops.push([
      "insertSession",
      [row.id, row.task, row.seed, JSON.stringify(row.options), row.run, now, now],
    ]);
    return this;
  }

  updateSessionRun(row: SessionRunRow, now: number): this {
    this.ops.push([
      "updateSessionRun",
      [row.task, row.seed, JSON.stringify(row.options), row.run, now, row.id],
    ]);
    return this;
  }

  touchSession(id: string, now: number): this {
    this.ops.push(["touchSession", [now, id]]);
    return this;
  }

  closeSession(id: string, code: 1 | 2, now: number): this {
    this.ops.push(["closeSession", [code, now, id]]);
    return this;
  }

  /** A new episode with the events it has so far (at least episode_started); returns its key. */
  insertEpisode(e: EpisodeState, meta: EpisodeMeta): number {
    const key = this.keys.next();
    this.ops.push([
      "insertEpisode",
      [
        key,
        e.spec.episode_id,
        meta.sessionId,
        meta.run,
        e.spec.task_id,
        e.spec.task_version,
        e.seller.id,
        e.seller.version,
        e.seller.hash,
        meta.engineVersion,
        e.spec.seed,
        e.spec.episode,
        JSON.stringify(e.spec),
        statusOf(e),
        e.outcome,
        e.record === null ? null : JSON.stringify(e.record),
        meta.branchedFrom ?? null,
        meta.fromRound ?? null,
        meta.now,
      ],
    ]);
    this.appendEvents(key, 0, e.events);
    return key;
  }

  /** events[fromSeq..] as one row (one statement and one serialisation per step). */
  appendEvents(key: number, fromSeq: number, events: readonly EpisodeEvent[]): this {
    if (fromSeq < events.length) {
      const json = JSON.stringify(fromSeq === 0 ? events : events.slice(fromSeq));
      this.ops.push(["insertEvents", [key, fromSeq, json]]);
    }
    return this;
  }

  finishEpisode(key: number, e: EpisodeState): this {
    this.ops.push([
      "finishEpisode",
      [statusOf(e), e.outcome, e.record === null ? null : JSON.stringify(e.record), key],
    ]);
    return this;
  }

  abandonEpisode(key: number): this {
    this.ops.push(["abandonEpisode", [key]]);
    return this;
  }

  saveStepResult(sessionId: string, requestId: string, responseJson: string): this {
    this.ops.push(["insertStepResult", [sessionId, requestId, responseJson]]);
    return this;
  }
}
