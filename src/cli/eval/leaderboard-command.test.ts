import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { captureIo } from "../../testing/capture-io";
import { LeaderboardResponse } from "../../wire/leaderboard";
import { evalCommand, leaderboardCommand } from "./commands";

const capture = () => captureIo();

let dir: string;
let db: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "bazaar-leaderboard-cli-"));
  db = join(dir, "eval.db");
  const args = ["--buyer", "rule:naive", "--buyer", "rule:smart", "--task", "single_deal", "--seeds", "1..4"];
  expect(
    await evalCommand(
      [...args, "--run-id", "cli", "--out", join(dir, "runs"), "--db", db, "--quiet"],
      capture(),
    ),
  ).toBe(0);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("bazaar leaderboard", () => {
  it("prints the ranked table of a stored run with CIs and provenance", async () => {
    const io = capture();
    expect(await leaderboardCommand(["--db", db], io)).toBe(0);
    const text = io.stdout();
    expect(text).toMatch(/^Per task\n#\s+buyer\s+task\s+score\s+95% CI/);
    const lines = text.split("\n").filter((l) => /^\d+\s+rule:/.test(l));
    expect(lines).toHaveLength(2);
    for (const l of lines)
      expect(l).toMatch(/single_deal\s+\d\.\d{3}\s+\[\d\.\d{3}, \d\.\d{3}\]\s+-\s+4\s+bazaar-default@1/);
    expect(text).toContain("1 finished run(s) considered");
  });

  it("prints the API's JSON with --json, the same rows as the table", async () => {
    const io = capture();
    expect(await leaderboardCommand(["--db", db, "--json"], io)).toBe(0);
    const body = LeaderboardResponse.parse(JSON.parse(io.stdout()));
    expect(body.per_task.map((r) => r.run_id)).toEqual(["cli", "cli"]);
  });

  it("explains how to make a run when the store is empty, and refuses bad filters with exit 2", async () => {
    const io = capture();
    expect(await leaderboardCommand(["--db", join(dir, "missing.db")], io)).toBe(0);
    expect(io.stdout()).toContain("bazaar eval --buyer");
    const bad = capture();
    expect(await leaderboardCommand(["--db", db, "--seller", "no-version"], bad)).toBe(2);
    expect(bad.stderr()).toContain("--seller");
    const filtered = capture();
    expect(await leaderboardCommand(["--db", db, "--task", "career_10"], filtered)).toBe(0);
    expect(filtered.stdout()).toContain("No stored eval run matches");
  });

  it("shows each row as a fraction of the oracle when the run played it (eval --oracle)", async () => {
    const oracleDb = join(dir, "oracle.db");
    const args = ["--buyer", "rule:smart", "--task", "single_deal", "--seeds", "1..3", "--oracle"];
    expect(
      await evalCommand(
        [...args, "--run-id", "or", "--out", join(dir, "runs"), "--db", oracleDb, "--quiet"],
        capture(),
      ),
    ).toBe(0);
    const io = capture();
    expect(await leaderboardCommand(["--db", oracleDb, "--json"], io)).toBe(0);
    const body = LeaderboardResponse.parse(JSON.parse(io.stdout()));
    const oracle = body.per_task.find((r) => r.buyer === "oracle");
    const smart = body.per_task.find((r) => r.buyer === "rule:smart");
    expect(oracle?.fraction_of_oracle).toBe(1);
    expect(smart?.fraction_of_oracle).toBeCloseTo(
      (smart?.mean_task_score ?? 0) / (oracle?.mean_task_score ?? 1),
      3,
    );
  });
});
