import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import Database from "better-sqlite3";
import type { EvalStore } from "../../../eval/harness/run-eval";
import type { StepRow, UnitResult } from "../../../eval/harness/unit-result";

/**
 * Eval results in SQLite: one row per run, per played unit (buyer × task × seed, a whole
 * career for multi-episode tasks) and per buyer decision; since migration 2 also seller-role
 * runs and their units (seller-eval-store.ts). Migrations are numbered and applied in order
 * under `PRAGMA user_version`; a released one never changes (stores in the field ran it).
 */
export const MIGRATIONS: readonly string[] = [
  `CREATE TABLE eval_runs (
     run_id TEXT PRIMARY KEY,
     plan_json TEXT NOT NULL,
     git_commit TEXT NOT NULL,
     engine_version TEXT NOT NULL,
     transport TEXT NOT NULL,
     created_at TEXT NOT NULL,
     finished_at TEXT
   );
   CREATE TABLE eval_episodes (
     run_id TEXT NOT NULL REFERENCES eval_runs(run_id),
     buyer_id TEXT NOT NULL,
     task_id TEXT NOT NULL,
     seed INTEGER NOT NULL,
     buyer_prompt_hash TEXT,
     task_version TEXT NOT NULL,
     seller_key TEXT NOT NULL,
     seller_hash TEXT NOT NULL,
     engine_version TEXT NOT NULL,
     git_commit TEXT NOT NULL,
     tells INTEGER NOT NULL,
     score REAL NOT NULL,
     episodes_completed INTEGER NOT NULL,
     parse_errors INTEGER NOT NULL,
     result_json TEXT NOT NULL,
     PRIMARY KEY (run_id, buyer_id, task_id, seed)
   );
   CREATE TABLE eval_steps (
     run_id TEXT NOT NULL,
     buyer_id TEXT NOT NULL,
     task_id TEXT NOT NULL,
     seed INTEGER NOT NULL,
     idx INTEGER NOT NULL,
     episode INTEGER NOT NULL,
     round INTEGER NOT NULL,
     buyer_action TEXT NOT NULL,
     buyer_price REAL,
     parse_error INTEGER NOT NULL,
     seller_price REAL,
     reward REAL NOT NULL,
     step_json TEXT NOT NULL,
     PRIMARY KEY (run_id, buyer_id, task_id, seed, idx)
   );`,
  // 2: seller agents' eval runs (bazaar eval --role seller), one row per agent × task × buyer × seed,
  // with every fact its score depends on in columns (agent id@version + hash or prompt hash,
  // buyer id@version + hash, task id + version, persona seller, engine and seller-role versions,
  // tells, commit). A run is written whole once played, so finished_at is set with it.
  `CREATE TABLE seller_eval_runs (
     run_id TEXT PRIMARY KEY,
     plan_json TEXT NOT NULL,
     summary_json TEXT NOT NULL,
     git_commit TEXT NOT NULL,
     transport TEXT NOT NULL,
     created_at TEXT NOT NULL,
     finished_at TEXT
   );
   CREATE TABLE seller_eval_units (
     run_id TEXT NOT NULL REFERENCES seller_eval_runs(run_id),
     agent TEXT NOT NULL,
     agent_hash TEXT NOT NULL,
     agent_prompt_hash TEXT,
     task_id TEXT NOT NULL,
     task_version TEXT NOT NULL,
     buyer_id TEXT NOT NULL,
     buyer_version INTEGER NOT NULL,
     buyer_hash TEXT NOT NULL,
     persona_seller TEXT NOT NULL,
     seed INTEGER NOT NULL,
     engine_version TEXT NOT NULL,
     seller_role_version TEXT NOT NULL,
     git_commit TEXT NOT NULL,
     tells INTEGER NOT NULL,
     score REAL NOT NULL,
     decisions INTEGER NOT NULL,
     parse_errors INTEGER NOT NULL,
     episode_id TEXT NOT NULL,
     result_json TEXT NOT NULL,
     PRIMARY KEY (run_id, agent, task_id, task_version, buyer_id, buyer_version, seed)
   );`,
];

export interface RunRow {
  run_id: string;
  plan_json: string;
  git_commit: string;
  engine_version: string;
  transport: string;
  created_at: string;
  finished_at: string | null;
}

export interface SqliteEvalStore extends EvalStore {
  /** Record a run's plan; a resumed run must bring the same plan. */
  beginRun(row: Omit<RunRow, "finished_at">): void;
  finishRun(runId: string, at: string): void;
  run(runId: string): RunRow | undefined;
  close(): void;
}

export class PlanMismatchError extends Error {
  constructor(runId: string) {
    super(`run "${runId}" exists with a different plan; use a new --run-id or the original flags`);
    this.name = "PlanMismatchError";
  }
}

export function migrate(db: Database.Database): void {
  const current = db.pragma("user_version", { simple: true }) as number;
  for (let v = current; v < MIGRATIONS.length; v++) {
    db.transaction(() => {
      db.exec(MIGRATIONS[v] as string);
      db.pragma(`user_version = ${v + 1}`);
    })();
  }
}

/**
 * A run's units in a stable order (buyer, task, seed), with their steps by index unless
 * `withSteps` is false (a leaderboard needs only the units' results, not every decision).
 */
export function unitsOfRun(db: Database.Database, runId: string, withSteps = true): UnitResult[] {
  const steps = new Map<string, StepRow[]>();
  const stepRows = !withSteps
    ? []
    : (db
        .prepare("SELECT buyer_id, task_id, seed, step_json FROM eval_steps WHERE run_id = ? ORDER BY idx")
        .all(runId) as Array<{ buyer_id: string; task_id: string; seed: number; step_json: string }>);
  for (const r of stepRows) {
    const k = `${r.buyer_id}|${r.task_id}|${r.seed}`;
    const list = steps.get(k) ?? [];
    list.push(JSON.parse(r.step_json) as StepRow);
    steps.set(k, list);
  }
  const rows = db
    .prepare("SELECT result_json FROM eval_episodes WHERE run_id = ? ORDER BY buyer_id, task_id, seed")
    .all(runId) as Array<{ result_json: string }>;
  return rows.map((r) => {
    const u = JSON.parse(r.result_json) as Omit<UnitResult, "steps">;
    return { ...u, steps: steps.get(`${u.buyer_id}|${u.task_id}|${u.seed}`) ?? [] };
  });
}

export function openEvalStore(path: string): SqliteEvalStore {
  if (path !== ":memory:") mkdirSync(dirname(path), { recursive: true });
  const db = new Database(path);
  db.pragma("journal_mode = WAL");
  migrate(db);
  const insertUnit = db.prepare(
    `INSERT OR REPLACE INTO eval_episodes VALUES
     (@run_id, @buyer_id, @task_id, @seed, @buyer_prompt_hash, @task_version, @seller_key, @seller_hash,
      @engine_version, @git_commit, @tells, @score, @episodes_completed, @parse_errors, @result_json)`,
  );
  const deleteSteps = db.prepare(
    "DELETE FROM eval_steps WHERE run_id = ? AND buyer_id = ? AND task_id = ? AND seed = ?",
  );
  const insertStep = db.prepare(
    `INSERT INTO eval_steps VALUES
     (@run_id, @buyer_id, @task_id, @seed, @idx, @episode, @round, @buyer_action, @buyer_price, @parse_error,
      @seller_price, @reward, @step_json)`,
  );
  const saveUnit = db.transaction((u: UnitResult) => {
    const { steps, ...rest } = u;
    insertUnit.run({
      run_id: u.run_id,
      buyer_id: u.buyer_id,
      task_id: u.task_id,
      seed: u.seed,
      buyer_prompt_hash: u.buyer_prompt_hash,
      task_version: u.task_version,
      seller_key: u.seller_key,
      seller_hash: u.seller.hash,
      engine_version: u.engine_version,
      git_commit: u.git_commit,
      tells: u.tells ? 1 : 0,
      score: u.score,
      episodes_completed: u.episodes_completed,
      parse_errors: u.parse_errors,
      result_json: JSON.stringify(rest),
    });
    deleteSteps.run(u.run_id, u.buyer_id, u.task_id, u.seed);
    for (const s of steps) {
      insertStep.run({
        run_id: u.run_id,
        buyer_id: u.buyer_id,
        task_id: u.task_id,
        seed: u.seed,
        idx: s.idx,
        episode: s.episode,
        round: s.round,
        buyer_action: s.buyer_action,
        buyer_price: s.buyer_price,
        parse_error: s.parse_error ? 1 : 0,
        seller_price: s.seller_price,
        reward: s.reward,
        step_json: JSON.stringify(s),
      });
    }
  });
  return {
    beginRun: (row) => {
      const existing = db.prepare("SELECT plan_json FROM eval_runs WHERE run_id = ?").get(row.run_id) as
        | { plan_json: string }
        | undefined;
      if (existing === undefined) {
        db.prepare(
          "INSERT INTO eval_runs VALUES (@run_id, @plan_json, @git_commit, @engine_version, @transport, @created_at, NULL)",
        ).run(row);
      } else if (existing.plan_json !== row.plan_json) {
        throw new PlanMismatchError(row.run_id);
      }
    },
    finishRun: (runId, at) => {
      db.prepare("UPDATE eval_runs SET finished_at = ? WHERE run_id = ?").run(at, runId);
    },
    run: (runId) => db.prepare("SELECT * FROM eval_runs WHERE run_id = ?").get(runId) as RunRow | undefined,
    finished: (runId) => unitsOfRun(db, runId),
    save: (u) => saveUnit(u),
    close: () => db.close(),
  };
}
