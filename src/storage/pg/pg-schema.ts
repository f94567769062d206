import type pg from "pg";

/**
 * Postgres schema history, numbered like migrations.ts so one version names one shape on both
 * engines. Postgres support arrived after SQLite's v2, so its history starts there, in one step.
 * v3 (Postgres only) adds what only several replicas sharing one database need: the replicas
 * table and a lease per session (pg-leases.ts).
 */
export const PG_MIGRATIONS: readonly { version: number; sql: string }[] = [
  {
    version: 2,
    sql: `
CREATE TABLE sessions (
  id TEXT PRIMARY KEY,
  task TEXT NOT NULL,
  seed BIGINT NOT NULL,
  options TEXT NOT NULL,
  run INTEGER NOT NULL,
  created_at BIGINT NOT NULL,
  updated_at BIGINT NOT NULL,
  closed INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE episodes (
  key BIGINT PRIMARY KEY,
  id TEXT NOT NULL,
  session_id TEXT,
  run INTEGER NOT NULL,
  task TEXT NOT NULL,
  task_version TEXT NOT NULL,
  seller_id TEXT NOT NULL,
  seller_version INTEGER NOT NULL,
  seller_hash TEXT NOT NULL,
  engine_version TEXT NOT NULL,
  seed BIGINT NOT NULL,
  episode_index INTEGER NOT NULL,
  spec TEXT NOT NULL,
  status TEXT NOT NULL,
  outcome TEXT,
  record TEXT,
  branched_from TEXT,
  from_round INTEGER,
  created_at BIGINT NOT NULL
);
CREATE INDEX episodes_by_id ON episodes(id);
CREATE INDEX episodes_by_session ON episodes(session_id, run, episode_index);
CREATE TABLE event_batches (
  id BIGSERIAL PRIMARY KEY,
  episode_key BIGINT NOT NULL,
  seq INTEGER NOT NULL,
  json TEXT NOT NULL
);
CREATE UNIQUE INDEX event_batches_by_episode ON event_batches(episode_key, seq);
CREATE VIEW events AS
  SELECT b.episode_key AS episode_key, b.seq + j.ord::integer - 1 AS seq,
         j.value->>'type' AS type, j.value::text AS json
  FROM event_batches b, json_array_elements(b.json::json) WITH ORDINALITY AS j(value, ord);
CREATE TABLE step_results (
  session_id TEXT NOT NULL,
  request_id TEXT NOT NULL,
  response TEXT NOT NULL,
  PRIMARY KEY (session_id, request_id)
);
-- Episode keys come in blocks of 1024 per server process (pg-store.ts), so replicas sharing
-- the database never hand out the same key and need no round trip per episode.
CREATE SEQUENCE episode_key_blocks;
`,
  },
  {
    version: 3,
    sql: `
CREATE TABLE replicas (
  replica_id TEXT PRIMARY KEY,
  instance TEXT NOT NULL,
  heartbeat_at TIMESTAMPTZ NOT NULL
);
CREATE TABLE leases (
  session_id TEXT PRIMARY KEY,
  replica_id TEXT NOT NULL,
  epoch BIGINT NOT NULL
);
CREATE INDEX leases_by_replica ON leases(replica_id);
-- Run inside every commit that changes a session: the commit aborts unless this process still
-- holds the session's lease at that epoch, so a replica presumed dead cannot write after another
-- took the session over.
CREATE FUNCTION bazaar_fence(sid TEXT, rid TEXT, inst TEXT, ep BIGINT) RETURNS void AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM leases l JOIN replicas r ON r.replica_id = l.replica_id
                 WHERE l.session_id = sid AND l.replica_id = rid AND l.epoch = ep AND r.instance = inst) THEN
    RAISE EXCEPTION 'lease lost on session %', sid USING ERRCODE = 'BZ001';
  END IF;
END $$ LANGUAGE plpgsql;
`,
  },
];

/** Any fixed number: replicas starting together take turns to migrate. */
const MIGRATION_LOCK = 0x62617a61;

/** Bring the database up to date in one transaction; returns the schema version. */
export async function migratePg(client: pg.ClientBase): Promise<number> {
  const latest = PG_MIGRATIONS[PG_MIGRATIONS.length - 1]?.version ?? 0;
  await client.query("BEGIN");
  try {
    await client.query("SELECT pg_advisory_xact_lock($1)", [MIGRATION_LOCK]);
    await client.query("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)");
    const row = await client.query<{ v: number | null }>("SELECT MAX(version) AS v FROM schema_version");
    let current = row.rows[0]?.v ?? 0;
    if (current > latest) {
      throw new Error(
        `Database schema v${current} is newer than this build knows (v${latest}); upgrade the server.`,
      );
    }
    for (const m of PG_MIGRATIONS) {
      if (m.version <= current) continue;
      await client.query(m.sql);
      await client.query("INSERT INTO schema_version (version) VALUES ($1)", [m.version]);
      current = m.version;
    }
    await client.query("COMMIT");
    return current;
  } catch (err) {
    await client.query("ROLLBACK").catch(() => undefined);
    throw err;
  }
}
