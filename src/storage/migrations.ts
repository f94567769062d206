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
