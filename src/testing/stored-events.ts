import type Database from "better-sqlite3";

/** Events stored for a session's kept (not abandoned) episodes, read straight from the file. */
export function storedEventCount(db: Database.Database, sessionId: string): number {
  const row = db
    .prepare(
      "SELECT COUNT(*) AS n FROM events e JOIN episodes p ON p.key = e.episode_key WHERE p.session_id = ? AND p.status != 'abandoned'",
    )
    .get(sessionId) as { n: number };
  return row.n;
}
