import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { buyerFromSpec } from "../../../buyers/buyer-registry";
import { inProcessSessions } from "../../../eval/harness/in-process-session";
import { playUnit } from "../../../eval/harness/play-unit";
import { migrate, openEvalStore, PlanMismatchError } from "./eval-store";

const run = {
  run_id: "r1",
  plan_json: '{"a":1}',
  git_commit: "abc",
  engine_version: "1",
  transport: "in-process",
  created_at: "t",
};

describe("SQLite eval store", () => {
  it("migrates once and is idempotent", () => {
    const db = new Database(":memory:");
    migrate(db);
    migrate(db);
    // Migration 2 (seller runs) on top of 1: both applied once.
    expect(db.pragma("user_version", { simple: true })).toBe(2);
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all();
    expect(tables.map((t) => (t as { name: string }).name)).toEqual([
      "eval_episodes",
      "eval_runs",
      "eval_steps",
      "seller_eval_runs",
      "seller_eval_units",
    ]);
  });

  it("round-trips units with their steps and refuses a different plan under the same run id", async () => {
    const store = openEvalStore(":memory:");
    store.beginRun(run);
    store.beginRun(run);
    expect(() => store.beginRun({ ...run, plan_json: '{"a":2}' })).toThrow(PlanMismatchError);
    const unit = await playUnit(inProcessSessions(), buyerFromSpec("rule:smart"), {
      runId: "r1",
      taskId: "career_10",
      seed: 5,
      tells: true,
      gitCommit: "abc",
      transport: "in-process",
    });
    store.save(unit);
    store.save(unit); // a re-played unit replaces its rows
    const back = store.finished("r1");
    expect(back).toHaveLength(1);
    expect(back[0]).toEqual(unit);
    expect(store.finished("other")).toEqual([]);
    store.finishRun("r1", "later");
    expect(store.run("r1")?.finished_at).toBe("later");
    store.close();
  });
});
