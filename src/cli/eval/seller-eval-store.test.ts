import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { captureIo } from "../../testing/capture-io";
import { SCRIPTED_SELLER_EVAL } from "../../testing/seller-eval-args";
import { evalCommand } from "./commands";
import { MIGRATIONS } from "./eval-store";
import { evalRuns } from "./stored-runs";

const dir = mkdtempSync(join(tmpdir(), "bazaar-seller-store-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const sellerEval = (db: string, runId: string) =>
  evalCommand(
    [
      ...SCRIPTED_SELLER_EVAL,
      ...["--seeds", "1..3", "--run-id", runId, "--out", join(dir, "runs"), "--db", db, "--quiet"],
    ],
    captureIo(),
  );

describe("the eval store's seller runs (migration 2)", () => {
  it("migrates a store the previous version wrote in place, keeping its buyer runs, and adds the seller run", async () => {
    const path = join(dir, "old.db");
    // A store as the previous release left it: a finished buyer run under migration 1 only
    // (the tables migration 2 adds dropped, user_version back to 1).
    const code = await evalCommand(
      ["--buyer", "rule:smart", "--task", "single_deal", "--seeds", "1..2", "--run-id", "b1"].concat([
        "--out",
        join(dir, "runs"),
        "--db",
        path,
        "--quiet",
      ]),
      captureIo(),
    );
    expect(code).toBe(0);
    const old = new Database(path);
    old.exec("DROP TABLE seller_eval_units; DROP TABLE seller_eval_runs;");
    old.pragma("user_version = 1");
    old.close();
    const before = evalRuns(path);
    expect(before.finishedSellerRuns()).toEqual([]);
    const buyerRuns = JSON.stringify(before.finishedRuns());

    expect(await sellerEval(path, "s1")).toBe(0);
    const db = new Database(path, { readonly: true });
    expect(db.pragma("user_version", { simple: true })).toBe(MIGRATIONS.length);
    const cols = (db.prepare("SELECT * FROM seller_eval_units LIMIT 1").get() ?? {}) as Record<
      string,
      unknown
    >;
    db.close();
    // Each unit records what its number depends on.
    expect(cols).toMatchObject({
      run_id: "s1",
      agent: "scripted-seller@1",
      agent_prompt_hash: null,
      task_version: "2",
      buyer_version: 1,
      tells: 1,
    });
    for (const k of [
      "agent_hash",
      "buyer_id",
      "buyer_hash",
      "persona_seller",
      "engine_version",
      "seller_role_version",
      "git_commit",
    ])
      expect(String(cols[k]), k).not.toBe("");
    const after = evalRuns(path);
    expect(JSON.stringify(after.finishedRuns())).toBe(buyerRuns);
    const [run] = after.finishedSellerRuns();
    expect(run?.run_id).toBe("s1");
    expect(run?.units).toHaveLength(6);
    expect(new Set(run?.units.map((u) => u.task_id))).toEqual(
      new Set(["sell_single_deal", "sell_tough_buyer"]),
    );
  });

  it("refuses the same run id with another plan, leaving the stored run as it was", async () => {
    const path = join(dir, "twice.db");
    expect(await sellerEval(path, "same")).toBe(0);
    const io = captureIo();
    const code = await evalCommand(
      [
        "--role",
        "seller",
        "--agent",
        "scripted",
        "--task",
        "sell_single_deal@2",
        "--seeds",
        "1",
        "--run-id",
        "same",
      ].concat(["--out", join(dir, "runs2"), "--db", path, "--quiet"]),
      io,
    );
    expect(code).not.toBe(0);
    expect(io.stderr()).toMatch(/different plan/);
    expect(evalRuns(path).finishedSellerRuns()[0]?.units).toHaveLength(6);
  });

  it("reads a missing store as no runs", () => {
    expect(evalRuns(join(dir, "none.db")).finishedSellerRuns()).toEqual([]);
  });
});
