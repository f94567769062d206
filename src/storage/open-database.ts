import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import Database from "better-sqlite3";
import { AUTO_CHECKPOINT_PAGES } from "./checkpointer";
import { migrate } from "./migrations";

/**
 * Durability choice: WAL with synchronous=NORMAL. A commit appends the transaction to the WAL
 * with write(2) before `run()` returns, so the bytes sit in the OS page cache: killing the
 * server process (even `kill -9`) loses nothing committed, because the kernel still writes
 * them out. Only a power cut or kernel crash can drop the last few commits, which is the price
 * of not calling fsync on every step (FULL would fsync each commit and cap throughput at the
 * disk's flush rate). Checkpoints still fsync, so the file itself never corrupts.
 */
export function openDatabase(path: string): Database.Database {
  if (path !== ":memory:") mkdirSync(dirname(path), { recursive: true });
  const db = new Database(path);
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = NORMAL");
  db.pragma("foreign_keys = ON");
  db.pragma("busy_timeout = 5000");
  // SQLite's own checkpoints stall the commit that triggers them (about 1 ms per 150 pages here);
  // the server moves them to a worker (startCheckpointer), this is the fallback without one.
  db.pragma(`wal_autocheckpoint = ${AUTO_CHECKPOINT_PAGES}`);
  db.pragma("cache_size = -32000");
  migrate(db);
  return db;
}
