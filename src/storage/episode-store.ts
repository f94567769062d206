import type Database from "better-sqlite3";
import type { EpisodeState } from "../../env/episode-state";
import type { EpisodeEvent } from "../../env/events";
import type { DealRecord } from "../../env/records";

/** How a session's current run was opened; enough to open the same run again after a restart. */
export interface RunOptionsRow {
  episode_id: string;
  seller: string;
  reward_mode: "shaped" | "terminal";
  tells: boolean;
  history_window: number;
  reveal_personality: boolean | null;
  timeout_s: number | null;
}

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

export type EpisodeStatus = "running" | "finished" | "abandoned";

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

export interface EpisodeMeta {
  sessionId: string | null;
  run: number;
  engineVersion: string;
  now: number;
  branchedFrom?: string;
  fromRound?: number;
}

export interface StoreCounts {
  sessions: number;
  episodes: number;
  events: number;
  step_results: number;
}

interface EpisodeDbRow {
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

const statusOf = (e: EpisodeState): EpisodeStatus => (e.done ? "finished" : "running");

/**
 * Every statement the server runs, prepared once. Callers group a step's writes in one
 * `transaction` so the step is either fully stored or not at all.
 */
export class EpisodeStore {
  private readonly q;

  constructor(readonly db: Database.Database) {
    this.q = {
      insertSession: db.prepare(
        `INSERT INTO sessions (id, task, seed, options, run, created_at, updated_at, closed)
         VALUES (@id, @task, @seed, @options, @run, @now, @now, 0)`,
      ),
      updateSessionRun: db.prepare(
        "UPDATE sessions SET task = @task, seed = @seed, options = @options, run = @run, updated_at = @now WHERE id = @id",
      ),
      touchSession: db.prepare("UPDATE sessions SET updated_at = ? WHERE id = ?"),
      closeSession: db.prepare("UPDATE sessions SET closed = ?, updated_at = ? WHERE id = ? AND closed = 0"),
      session: db.prepare("SELECT * FROM sessions WHERE id = ?"),
      insertEpisode: db.prepare(
        `INSERT INTO episodes (id, session_id, run, task, task_version, seller_id, seller_version, seller_hash,
           engine_version, seed, episode_index, spec, status, outcome, record, branched_from, from_round, created_at)
         VALUES (@id, @session_id, @run, @task, @task_version, @seller_id, @seller_version, @seller_hash,
           @engine_version, @seed, @episode_index, @spec, @status, @outcome, @record, @branched_from, @from_round, @created_at)`,
      ),
      finishEpisode: db.prepare("UPDATE episodes SET status = ?, outcome = ?, record = ? WHERE key = ?"),
      abandonEpisode: db.prepare("UPDATE episodes SET status = 'abandoned' WHERE key = ?"),
      insertEvents: db.prepare("INSERT INTO event_batches (episode_key, seq, json) VALUES (?, ?, ?)"),
      events: db.prepare("SELECT json FROM event_batches WHERE episode_key = ? ORDER BY seq").pluck(),
      runEpisodes: db.prepare(
        "SELECT * FROM episodes WHERE session_id = ? AND run = ? AND status != 'abandoned' ORDER BY episode_index, key",
      ),
      episodeById: db.prepare("SELECT * FROM episodes WHERE id = ? ORDER BY key DESC LIMIT 1"),
      insertStepResult: db.prepare(
        "INSERT INTO step_results (session_id, request_id, response) VALUES (?, ?, ?)",
      ),
      stepResult: db.prepare("SELECT response FROM step_results WHERE session_id = ? AND request_id = ?"),
      counts: db.prepare(
        `SELECT (SELECT COUNT(*) FROM sessions) AS sessions, (SELECT COUNT(*) FROM episodes) AS episodes,
                (SELECT COALESCE(SUM(json_array_length(json)), 0) FROM event_batches) AS events, (SELECT COUNT(*) FROM step_results) AS step_results`,
      ),
      ping: db.prepare("SELECT 1 AS ok"),
    };
  }

  transaction<T>(fn: () => T): T {
    return this.db.transaction(fn)();
  }

  createSession(row: Omit<SessionRow, "created_at" | "updated_at" | "closed">, now: number): void {
    this.q.insertSession.run({ ...row, options: JSON.stringify(row.options), now });
  }

  updateSessionRun(row: Omit<SessionRow, "created_at" | "updated_at" | "closed">, now: number): void {
    this.q.updateSessionRun.run({ ...row, options: JSON.stringify(row.options), now });
  }

  touchSession(id: string, now: number): void {
    this.q.touchSession.run(now, id);
  }

  closeSession(id: string, code: 1 | 2, now: number): void {
    this.q.closeSession.run(code, now, id);
  }

  session(id: string): SessionRow | undefined {
    const row = this.q.session.get(id) as (Omit<SessionRow, "options"> & { options: string }) | undefined;
    return row && { ...row, options: JSON.parse(row.options) as RunOptionsRow };
  }

  /** Store a new episode with the events it has so far (at least episode_started); returns its key. */
  insertEpisode(e: EpisodeState, meta: EpisodeMeta): number {
    const info = this.q.insertEpisode.run({
      id: e.spec.episode_id,
      session_id: meta.sessionId,
      run: meta.run,
      task: e.spec.task_id,
      task_version: e.spec.task_version,
      seller_id: e.seller.id,
      seller_version: e.seller.version,
      seller_hash: e.seller.hash,
      engine_version: meta.engineVersion,
      seed: e.spec.seed,
      episode_index: e.spec.episode,
      spec: JSON.stringify(e.spec),
      status: statusOf(e),
      outcome: e.outcome,
      record: e.record === null ? null : JSON.stringify(e.record),
      branched_from: meta.branchedFrom ?? null,
      from_round: meta.fromRound ?? null,
      created_at: meta.now,
    });
    const key = Number(info.lastInsertRowid);
    this.appendEvents(key, 0, e.events);
    return key;
  }

  /** Store events[fromSeq..] as one row (one statement and one serialisation per step). */
  appendEvents(key: number, fromSeq: number, events: readonly EpisodeEvent[]): void {
    if (fromSeq >= events.length) return;
    const json = JSON.stringify(fromSeq === 0 ? events : events.slice(fromSeq));
    this.q.insertEvents.run(key, fromSeq, json);
  }

  finishEpisode(key: number, e: EpisodeState): void {
    this.q.finishEpisode.run(
      statusOf(e),
      e.outcome,
      e.record === null ? null : JSON.stringify(e.record),
      key,
    );
  }

  abandonEpisode(key: number): void {
    this.q.abandonEpisode.run(key);
  }

  saveStepResult(sessionId: string, requestId: string, responseJson: string): void {
    this.q.insertStepResult.run(sessionId, requestId, responseJson);
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
    const events: EpisodeEvent[] = [];
    for (const json of this.q.events.all(r.key) as string[]) {
      for (const ev of JSON.parse(json) as EpisodeEvent[]) events.push(ev);
    }
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
      events,
    };
  }
}
