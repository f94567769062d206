import type Database from "better-sqlite3";

/**
 * Schema history. A released migration never changes; new columns or tables come as a new
 * entry, so any older database file upgrades in place.
 */
export const MIGRATIONS: readonly { version: number; sql: string }[] = [
  {
    version: 1,
    sql: `
CREATE TABLE sessions (
  id TEXT PRIMARY KEY,
  task TEXT NOT NULL,
  seed INTEGER NOT NULL,
  options TEXT NOT NULL,
  run INTEGER NOT NULL,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  closed INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE episodes (
  key INTEGER PRIMARY KEY,
  id TEXT NOT NULL,
  session_id TEXT,
  run INTEGER NOT NULL,
  task TEXT NOT NULL,
  task_version TEXT NOT NULL,
  seller_id TEXT NOT NULL,
  seller_version INTEGER NOT NULL,
  seller_hash TEXT NOT NULL,
  engine_version TEXT NOT NULL,
  seed INTEGER NOT NULL,
  episode_index INTEGER NOT NULL,
  spec TEXT NOT NULL,
  status TEXT NOT NULL,
  outcome TEXT,
  record TEXT,
  branched_from TEXT,
  from_round INTEGER,
  created_at INTEGER NOT NULL
);
CREATE INDEX episodes_by_id ON episodes(id);
CREATE INDEX episodes_by_session ON episodes(session_id, run, episode_index);
CREATE TABLE events (
  episode_key INTEGER NOT NULL,
  seq INTEGER NOT NULL,
  type TEXT NOT NULL,
  json TEXT NOT NULL,
  PRIMARY KEY (episode_key, seq)
) WITHOUT ROWID;
CREATE TABLE step_results (
  session_id TEXT NOT NULL,
  request_id TEXT NOT NULL,
  response TEXT NOT NULL,
  PRIMARY KEY (session_id, request_id)
) WITHOUT ROWID;
`,
  },
  {
    // One row per appended batch of events (a step's buyer and seller events together) in a
    // rowid table: inserts land on the rightmost leaf instead of splitting pages all over a
    // WITHOUT ROWID tree of ~800-byte rows, which cut the pages written per commit about 5x.
    // The old one-row-per-event shape stays readable as the `events` view.
    version: 2,
    sql: `
CREATE TABLE event_batches (
  id INTEGER PRIMARY KEY,
  episode_key INTEGER NOT NULL,
  seq INTEGER NOT NULL,
  json TEXT NOT NULL
);
CREATE UNIQUE INDEX event_batches_by_episode ON event_batches(episode_key, seq);
INSERT INTO event_batches (episode_key, seq, json)
  SELECT episode_key, seq, '[' || json || ']' FROM events ORDER BY episode_key, seq;
DROP TABLE events;
CREATE VIEW events AS
  SELECT b.episode_key AS episode_key, b.seq + j.key AS seq,
         json_extract(j.value, '$.type') AS type, j.value AS json
  FROM event_batches b, json_each(b.json) j;
`,
  },
  {
    // The exchange (issue 14, docs/exchange.md): registered agents (token digests only), one
    // append-only row per market event, the public tape with the global ids SSE replays from, and
    // a double-entry ledger keyed by (market, winner) so no settlement can be posted twice.
    // Triggers make the event log, tape and ledger append-only in the database itself.
    version: 3,
    sql: `
CREATE TABLE exchange_agents (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  token_digest BLOB NOT NULL,
  created_at INTEGER NOT NULL,
  revoked_at INTEGER
);
CREATE TABLE exchange_markets (
  market_id TEXT PRIMARY KEY,
  kind TEXT NOT NULL,
  opener TEXT NOT NULL,
  status TEXT NOT NULL,
  deadline INTEGER NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX exchange_markets_open ON exchange_markets(status) WHERE status != 'closed';
CREATE TABLE exchange_market_events (
  id INTEGER PRIMARY KEY,
  market_id TEXT NOT NULL,
  seq INTEGER NOT NULL,
  json TEXT NOT NULL
);
CREATE UNIQUE INDEX exchange_market_events_by_market ON exchange_market_events(market_id, seq);
CREATE TABLE exchange_tape (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  market_id TEXT NOT NULL,
  json TEXT NOT NULL
);
CREATE TABLE ledger_entries (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  market_id TEXT NOT NULL,
  winner TEXT NOT NULL,
  buyer TEXT NOT NULL,
  seller TEXT NOT NULL,
  price INTEGER NOT NULL,
  fee INTEGER NOT NULL,
  at INTEGER NOT NULL,
  UNIQUE (market_id, winner)
);
CREATE TABLE ledger_postings (
  entry_id INTEGER NOT NULL REFERENCES ledger_entries(id),
  account TEXT NOT NULL,
  amount INTEGER NOT NULL
);
CREATE INDEX ledger_postings_by_account ON ledger_postings(account);
CREATE TRIGGER exchange_market_events_no_update BEFORE UPDATE ON exchange_market_events
  BEGIN SELECT RAISE(ABORT, 'market events are append-only'); END;
CREATE TRIGGER exchange_market_events_no_delete BEFORE DELETE ON exchange_market_events
  BEGIN SELECT RAISE(ABORT, 'market events are append-only'); END;
CREATE TRIGGER exchange_tape_no_update BEFORE UPDATE ON exchange_tape
  BEGIN SELECT RAISE(ABORT, 'the tape is append-only'); END;
CREATE TRIGGER exchange_tape_no_delete BEFORE DELETE ON exchange_tape
  BEGIN SELECT RAISE(ABORT, 'the tape is append-only'); END;
CREATE TRIGGER ledger_entries_no_update BEFORE UPDATE ON ledger_entries
  BEGIN SELECT RAISE(ABORT, 'the ledger is append-only'); END;
CREATE TRIGGER ledger_entries_no_delete BEFORE DELETE ON ledger_entries
  BEGIN SELECT RAISE(ABORT, 'the ledger is append-only'); END;
CREATE TRIGGER ledger_postings_no_update BEFORE UPDATE ON ledger_postings
  BEGIN SELECT RAISE(ABORT, 'the ledger is append-only'); END;
CREATE TRIGGER ledger_postings_no_delete BEFORE DELETE ON ledger_postings
  BEGIN SELECT RAISE(ABORT, 'the ledger is append-only'); END;
`,
  },
];

export function schemaVersion(db: Database.Database): number {
  db.exec("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)");
  const row = db.prepare("SELECT MAX(version) AS v FROM schema_version").get() as { v: number | null };
  return row.v ?? 0;
}

export function migrate(db: Database.Database): number {
  let current = schemaVersion(db);
  const latest = MIGRATIONS[MIGRATIONS.length - 1]?.version ?? 0;
  if (current > latest) {
    throw new Error(
      `Database schema v${current} is newer than this build knows (v${latest}); upgrade the server.`,
    );
  }
  for (const m of MIGRATIONS) {
    if (m.version <= current) continue;
    db.transaction(() => {
      db.exec(m.sql);
      db.prepare("INSERT INTO schema_version (version) VALUES (?)").run(m.version);
    })();
    current = m.version;
  }
  return current;
}
