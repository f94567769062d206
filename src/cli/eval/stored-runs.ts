import { existsSync } from "node:fs";
import Database from "better-sqlite3";
import type { StoredRun } from "../../../eval/leaderboard/leaderboard";
import type { StoredSellerRun } from "../../../eval/leaderboard/seller-leaderboard";
import type { SummaryPlan } from "../../../eval/metrics/eval-summary";
import { type RunRow, unitsOfRun } from "./eval-store";
import { readSellerRuns } from "./seller-eval-store";

/**
 * Read-only access to the eval store for the server and `bazaar leaderboard`: finished runs
 * only (a run still being played, or one that stopped half way, is not a result yet). A missing
 * file is an empty store, not an error: nobody has run `bazaar eval` here yet.
 */
export interface EvalRuns {
  /** Every finished run with its units (without their steps), newest first. */
  finishedRuns(): StoredRun[];
  /** One finished run with its units and their steps, or undefined (unknown id, or not finished). */
  finishedRun(runId: string): StoredRun | undefined;
  /** Every finished seller-role run, newest first; none in a store older than migration 2. */
  finishedSellerRuns(): StoredSellerRun[];
}

function open(path: string): Database.Database | null {
  if (path === ":memory:" || !existsSync(path)) return null;
  const db = new Database(path, { readonly: true, fileMustExist: true });
  const version = db.pragma("user_version", { simple: true }) as number;
  if (version < 1) {
    db.close();
    return null;
  }
  return db;
}

const storedRun = (db: Database.Database, row: RunRow, withSteps: boolean): StoredRun => ({
  run_id: row.run_id,
  git_commit: row.git_commit,
  engine_version: row.engine_version,
  created_at: row.created_at,
  plan: JSON.parse(row.plan_json) as SummaryPlan,
  units: unitsOfRun(db, row.run_id, withSteps),
});

/** Opens the file per call: the eval CLI may be writing it from another process meanwhile. */
export function evalRuns(path: string): EvalRuns {
  const withDb = <T>(empty: T, f: (db: Database.Database) => T): T => {
    const db = open(path);
    if (db === null) return empty;
    try {
      return f(db);
    } finally {
      db.close();
    }
  };
  return {
    finishedRuns: () =>
      withDb([], (db) =>
        (
          db
            .prepare(
              "SELECT * FROM eval_runs WHERE finished_at IS NOT NULL ORDER BY created_at DESC, run_id DESC",
            )
            .all() as RunRow[]
        ).map((row) => storedRun(db, row, false)),
      ),
    finishedRun: (runId) =>
      withDb(undefined, (db) => {
        const row = db
          .prepare("SELECT * FROM eval_runs WHERE run_id = ? AND finished_at IS NOT NULL")
          .get(runId) as RunRow | undefined;
        return row === undefined ? undefined : storedRun(db, row, true);
      }),
    // Read-only here: an older store is migrated by the next `bazaar eval` that writes it.
    finishedSellerRuns: () =>
      withDb([], (db) =>
        (db.pragma("user_version", { simple: true }) as number) < 2 ? [] : readSellerRuns(db),
      ),
  };
}
