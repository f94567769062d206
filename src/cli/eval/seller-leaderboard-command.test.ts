import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { captureIo } from "../../testing/capture-io";
import { SellerLeaderboardResponse } from "../../wire/leaderboard";
import { evalCommand, leaderboardCommand } from "./commands";

let dir: string;
let db: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "bazaar-seller-board-cli-"));
  db = join(dir, "eval.db");
  const args = ["--role", "seller", "--agent", "scripted", "--task", "sell_single_deal@2", "--seeds", "1..4"];
  expect(
    await evalCommand(
      [...args, "--run-id", "sell", "--out", join(dir, "runs"), "--db", db, "--quiet"],
      captureIo(),
    ),
  ).toBe(0);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("bazaar leaderboard --role seller", () => {
  it("prints the seller agents' table with CIs and provenance, and the same rows as --json", async () => {
    const io = captureIo();
    expect(await leaderboardCommand(["--db", db, "--role", "seller"], io)).toBe(0);
    const text = io.stdout();
    expect(text).toMatch(/^Per task and buyer \(seller-role task score\)\n#\s+agent\s+task\s+score\s+95% CI/);
    const lines = text.split("\n").filter((l) => /^\d+\s+scripted-seller@1/.test(l));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /sell_single_deal\s+-?\d\.\d{3}\s+\[-?\d\.\d{3}, -?\d\.\d{3}\]\s+4\s+\S+@\d+\s+\S+\s+\S+\s+sell$/,
    );
    expect(text).toContain("1 finished seller run(s) considered");
    const json = captureIo();
    expect(await leaderboardCommand(["--db", db, "--role", "seller", "--json"], json)).toBe(0);
    const body = SellerLeaderboardResponse.parse(JSON.parse(json.stdout()));
    expect(body.per_task.map((r) => [r.agent, r.run_id, r.seeds])).toEqual([
      ["scripted-seller@1", "sell", 4],
    ]);
    // The buyer board of the same store stays the buyers' alone.
    const buyers = captureIo();
    expect(await leaderboardCommand(["--db", db], buyers)).toBe(0);
    expect(buyers.stdout()).toContain("bazaar eval --buyer");
  });

  it("says how to make a seller run, and refuses a bad role or filter with exit 2", async () => {
    const empty = captureIo();
    expect(await leaderboardCommand(["--db", join(dir, "missing.db"), "--role", "seller"], empty)).toBe(0);
    expect(empty.stdout()).toContain("bazaar eval --role seller");
    for (const [args, said] of [
      [["--role", "auctioneer"], "--role"],
      [["--role", "seller", "--buyer", "rule-smart"], "--buyer"],
      [["--role", "seller", "--seller", "bazaar-default@1"], "--seller: not a filter of the seller board"],
      [["--agent", "scripted-seller@1"], "--agent: not a filter of the buyer board"],
    ] as const) {
      const bad = captureIo();
      expect(await leaderboardCommand(["--db", db, ...args], bad), args.join(" ")).toBe(2);
      expect(bad.stderr()).toContain(said);
    }
  });
});
