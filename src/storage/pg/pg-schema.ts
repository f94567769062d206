import type pg from "pg";

/**
 * Postgres schema history, numbered like migrations.ts so one version names one shape on both
 * engines. Postgres support arrived after SQLite's v2, so its history starts there, in one step.
 * v3 (Postgres only) adds what only several replicas sharing one database need: the replicas
 * table and a lease per session (pg-leases.ts). v4 brings the exchange's tables (SQLite's v3) and
 * the exchange's own lease (pg-exchange.ts).
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
  {
    // The exchange (SQLite's v3, in Postgres's dialect) plus its one lease. Ids of the tape and
    // the ledger come from the lease holder's in-memory copy (pg-exchange.ts), so they are plain
    // BIGINT keys here: a takeover copies them back unchanged and the tape's cursor stays valid.
    version: 4,
    sql: `
CREATE TABLE exchange_agents (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  token_digest BYTEA NOT NULL,
  created_at BIGINT NOT NULL,
  revoked_at BIGINT
);
CREATE TABLE exchange_markets (
  market_id TEXT PRIMARY KEY,
  kind TEXT NOT NULL,
  opener TEXT NOT NULL,
  status TEXT NOT NULL,
  deadline BIGINT NOT NULL,
  created_at BIGINT NOT NULL
);
CREATE INDEX exchange_markets_open ON exchange_markets(status) WHERE status != 'closed';
CREATE TABLE exchange_market_events (
  id BIGSERIAL PRIMARY KEY,
  market_id TEXT NOT NULL,
  seq INTEGER NOT NULL,
  json TEXT NOT NULL
);
CREATE UNIQUE INDEX exchange_market_events_by_market ON exchange_market_events(market_id, seq);
CREATE TABLE exchange_tape (
  id BIGINT PRIMARY KEY,
  market_id TEXT NOT NULL,
  json TEXT NOT NULL
);
CREATE TABLE ledger_entries (
  id BIGINT PRIMARY KEY,
  market_id TEXT NOT NULL,
  winner TEXT NOT NULL,
  buyer TEXT NOT NULL,
  seller TEXT NOT NULL,
  price BIGINT NOT NULL,
  fee BIGINT NOT NULL,
  at BIGINT NOT NULL,
  UNIQUE (market_id, winner)
);
CREATE TABLE ledger_postings (
  entry_id BIGINT NOT NULL REFERENCES ledger_entries(id),
  account TEXT NOT NULL,
  amount BIGINT NOT NULL
);
CREATE INDEX ledger_postings_by_account ON ledger_postings(account);
CREATE FUNCTION bazaar_append_only() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION '% is append-only', TG_TABLE_NAME;
END $$ LANGUAGE plpgsql;
CREATE TRIGGER exchange_market_events_append_only BEFORE UPDATE OR DELETE ON exchange_market_events
  FOR EACH ROW EXECUTE FUNCTION bazaar_append_only();
CREATE TRIGGER exchange_tape_append_only BEFORE UPDATE OR DELETE ON exchange_tape
  FOR EACH ROW EXECUTE FUNCTION bazaar_append_only();
CREATE TRIGGER ledger_entries_append_only BEFORE UPDATE OR DELETE ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION bazaar_append_only();
CREATE TRIGGER ledger_postings_append_only BEFORE UPDATE OR DELETE ON ledger_postings
  FOR EACH ROW EXECUTE FUNCTION bazaar_append_only();
-- One row: which process runs the exchange, at which epoch (pg-exchange.ts).
CREATE TABLE exchange_lease (
  singleton BOOLEAN PRIMARY KEY DEFAULT true CHECK (singleton),
  replica_id TEXT NOT NULL,
  instance TEXT NOT NULL,
  epoch BIGINT NOT NULL
);
-- One exchange write (an agent, a revocation, or one market step with its tape and ledger rows)
-- in one statement, so in one transaction, refused unless the caller still holds the exchange
-- lease at its epoch: a holder presumed dead cannot write after another took the exchange over.
CREATE FUNCTION bazaar_exchange_apply(inst TEXT, ep BIGINT, w JSONB) RETURNS void AS $$
BEGIN
  -- FOR SHARE: a claim (an UPDATE of this row) waits until this write has committed.
  PERFORM 1 FROM exchange_lease WHERE instance = inst AND epoch = ep FOR SHARE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'exchange lease lost' USING ERRCODE = 'BZ002';
  END IF;
  INSERT INTO exchange_agents (id, name, token_digest, created_at)
    SELECT x.id, x.name, decode(x.token_digest, 'hex'), x.created_at
    FROM jsonb_to_recordset(COALESCE(w->'agents', '[]')) AS x(id TEXT, name TEXT, token_digest TEXT, created_at BIGINT);
  UPDATE exchange_agents a SET revoked_at = x.revoked_at
    FROM jsonb_to_recordset(COALESCE(w->'revoked', '[]')) AS x(id TEXT, revoked_at BIGINT)
    WHERE a.id = x.id AND a.revoked_at IS NULL;
  INSERT INTO exchange_markets (market_id, kind, opener, status, deadline, created_at)
    SELECT * FROM jsonb_populate_recordset(NULL::exchange_markets, COALESCE(w->'markets', '[]'))
    ON CONFLICT (market_id) DO UPDATE SET status = EXCLUDED.status;
  INSERT INTO exchange_market_events (market_id, seq, json)
    SELECT x.market_id, x.seq, x.json
    FROM jsonb_to_recordset(COALESCE(w->'events', '[]')) AS x(market_id TEXT, seq INTEGER, json TEXT);
  INSERT INTO exchange_tape (id, market_id, json)
    SELECT * FROM jsonb_populate_recordset(NULL::exchange_tape, COALESCE(w->'tape', '[]'));
  INSERT INTO ledger_entries (id, market_id, winner, buyer, seller, price, fee, at)
    SELECT * FROM jsonb_populate_recordset(NULL::ledger_entries, COALESCE(w->'entries', '[]'));
  INSERT INTO ledger_postings (entry_id, account, amount)
    SELECT * FROM jsonb_populate_recordset(NULL::ledger_postings, COALESCE(w->'postings', '[]'));
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
