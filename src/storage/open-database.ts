import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import Database from "better-sqlite3";
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
  // Fewer, larger checkpoints: each one fsyncs, and fsync is the slowest thing a step can wait on.
  db.pragma("wal_autocheckpoint = 4000");
  db.pragma("cache_size = -32000");
  migrate(db);
  return db;
}
