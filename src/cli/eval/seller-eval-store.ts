import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import Database from "better-sqlite3";
import type { StoredSellerRun, StoredSellerUnit } from "../../../eval/leaderboard/seller-leaderboard";
import type { SellerUnitResult } from "../../../eval/seller-role/seller-eval";
import { migrate } from "./eval-store";

export interface SellerRunRecord {
  run_id: string;
  plan_json: string;
  summary_json: string;
  git_commit: string;
  transport: string;
  created_at: string;
  finished_at: string;
}

/**
 * Write one finished seller eval run and its units into the eval store (migrating an older store
 * in place first). Written whole in one transaction, so a reader never sees half a run; the same
 * run id with a different plan is refused rather than mixed.
 */
export function saveSellerRun(path: string, run: SellerRunRecord, units: readonly StoredSellerUnit[]): void {
  if (path !== ":memory:") mkdirSync(dirname(path), { recursive: true });
  const db = new Database(path);
  try {
    db.pragma("journal_mode = WAL");
    migrate(db);
    const existing = db.prepare("SELECT plan_json FROM seller_eval_runs WHERE run_id = ?").get(run.run_id) as
      | { plan_json: string }
      | undefined;
    if (existing !== undefined && existing.plan_json !== run.plan_json)
      throw new Error(`seller run "${run.run_id}" exists with a different plan; use a new --run-id`);
    const insertUnit = db.prepare(
      `INSERT OR REPLACE INTO seller_eval_units VALUES
       (@run_id, @agent, @agent_hash, @agent_prompt_hash, @task_id, @task_version, @buyer_id, @buyer_version,
        @buyer_hash, @persona_seller, @seed, @engine_version, @seller_role_version, @git_commit, @tells, @score,
        @decisions, @parse_errors, @episode_id, @result_json)`,
    );
    db.transaction(() => {
      db.prepare(
        `INSERT OR REPLACE INTO seller_eval_runs VALUES
         (@run_id, @plan_json, @summary_json, @git_commit, @transport, @created_at, @finished_at)`,
      ).run(run);
      db.prepare("DELETE FROM seller_eval_units WHERE run_id = ?").run(run.run_id);
      for (const s of units) {
        const u = s.unit;
        insertUnit.run({
          run_id: s.run_id,
          agent: s.agent,
          agent_hash: s.agent_hash,
          agent_prompt_hash: s.agent_prompt_hash,
          task_id: s.task_id,
          task_version: s.task_version,
          buyer_id: u.buyer.id,
          buyer_version: u.buyer.version,
          buyer_hash: u.buyer.hash,
          persona_seller: `${u.persona_seller.id}@${u.persona_seller.version}#${u.persona_seller.hash}`,
          seed: u.seed,
          engine_version: u.engine_version,
          seller_role_version: u.seller_role_version,
          git_commit: s.git_commit,
          tells: s.tells ? 1 : 0,
          score: u.score,
          decisions: u.decisions,
          parse_errors: u.parse_errors,
          episode_id: s.episode_id,
          result_json: JSON.stringify(u),
        });
      }
    })();
  } finally {
    db.close();
  }
}

interface UnitRow {
  run_id: string;
  agent: string;
  agent_hash: string;
  agent_prompt_hash: string | null;
  task_id: string;
  task_version: string;
  tells: number;
  git_commit: string;
  episode_id: string;
  result_json: string;
}

/** Finished seller runs, newest first, from an open store at migration 2 or later. */
export function readSellerRuns(db: Database.Database): StoredSellerRun[] {
  const runs = db
    .prepare(
      "SELECT run_id, git_commit, created_at FROM seller_eval_runs WHERE finished_at IS NOT NULL ORDER BY created_at DESC, run_id DESC",
    )
    .all() as Array<{ run_id: string; git_commit: string; created_at: string }>;
  const units = db.prepare(
    "SELECT * FROM seller_eval_units WHERE run_id = ? ORDER BY agent, task_id, task_version, buyer_id, buyer_version, seed",
  );
  return runs.map((r) => ({
    ...r,
    units: (units.all(r.run_id) as UnitRow[]).map((x) => ({
      run_id: x.run_id,
      agent: x.agent,
      agent_hash: x.agent_hash,
      agent_prompt_hash: x.agent_prompt_hash,
      task_id: x.task_id,
      task_version: x.task_version,
      tells: x.tells === 1,
      git_commit: x.git_commit,
      episode_id: x.episode_id,
      unit: JSON.parse(x.result_json) as SellerUnitResult,
    })),
  }));
}
