import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { captureIo } from "../../testing/capture-io";
import { evalCommand, pairsCommand, reportCommand, sellerQualityCommand } from "./commands";

const capture = captureIo;

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "bazaar-eval-cli-"));
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe("eval CLI commands", () => {
  it("every command prints help with examples", async () => {
    for (const cmd of [evalCommand, reportCommand, sellerQualityCommand, pairsCommand]) {
      const io = capture();
      expect(await cmd(["--help"], io)).toBe(0);
      expect(io.stdout()).toMatch(/Examples:\n {2}bazaar /);
    }
  });

  it("usage errors exit 2 and point at --help", async () => {
    const io = capture();
    expect(
      await evalCommand(["--buyer", "rule:smart", "--task", "single_deal", "--tells", "maybe"], io),
    ).toBe(2);
    expect(io.stderr()).toMatch(/--tells must be on or off[\s\S]*bazaar eval --help/);
    const io2 = capture();
    expect(await evalCommand(["--buyer", "rule:clever", "--task", "single_deal"], io2)).toBe(1);
    expect(io2.stderr()).toMatch(/Unknown buyer "rule:clever"/);
    const io3 = capture();
    expect(await evalCommand(["--bogus"], io3)).toBe(2);
  });

  it("runs an eval, writes db/jsonl/summary/meta, resumes to a byte-identical summary, and reports", async () => {
    const args = [
      "--buyer",
      "rule:naive",
      "--buyer",
      "rule:smart",
      "--task",
      "single_deal",
      "--task",
      "career_10",
      "--seeds",
      "1..3",
      "--run-id",
      "cli-run",
      "--out",
      join(dir, "runs"),
      "--db",
      join(dir, "eval.db"),
    ];
    const io = capture();
    expect(await evalCommand(args, io)).toBe(0);
    expect(io.stdout()).toMatch(/rule:smart\s+career_10\s+3/);
    expect(io.stdout()).toMatch(/Scaling ladder/);
    expect(io.stderr()).toMatch(/12\/12/);
    const runDir = join(dir, "runs", "cli-run");
    const summary = readFileSync(join(runDir, "summary.json"), "utf8");
    expect(readFileSync(join(runDir, "episodes.jsonl"), "utf8").trim().split("\n")).toHaveLength(12);
    expect(JSON.parse(readFileSync(join(runDir, "meta.json"), "utf8"))).toMatchObject({
      played: 12,
      skipped: 0,
    });
    expect(summary).not.toMatch(/started_at|duration/);

    const again = capture();
    expect(await evalCommand(args, again)).toBe(0);
    expect(again.stdout()).toMatch(/0 played, 12 resumed/);
    expect(readFileSync(join(runDir, "summary.json"), "utf8")).toBe(summary);

    const changed = capture();
    expect(await evalCommand([...args.slice(0, -4), "--tells", "off", ...args.slice(-4)], changed)).toBe(1);
    expect(changed.stderr()).toMatch(/different plan/);

    const rep = capture();
    expect(
      await reportCommand(["cli-run", "--out", join(dir, "runs"), "--db", join(dir, "eval.db")], rep),
    ).toBe(0);
    const html = readFileSync(join(runDir, "report.html"), "utf8");
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).toContain("<svg");
    expect(html).not.toMatch(/<script|<link|src="http/);
    expect(html).toContain("rule:smart");

    const picked = capture();
    const file = join(dir, "picked.html");
    const base = ["cli-run", "--out", join(dir, "runs"), "--db", join(dir, "eval.db"), "--file", file];
    expect(await reportCommand([...base, "--sample-seed", "2"], picked)).toBe(0);
    expect(readFileSync(file, "utf8")).toContain("seed 2, chosen with --sample-seed");
    const wrong = capture();
    expect(await reportCommand([...base, "--sample-seed", "99"], wrong)).not.toBe(0);
    expect(wrong.stderr()).toMatch(/--sample-seed must be one of the run's seeds \(1, 2, 3\)/);
  });

  it("seller-quality prints the criteria table and writes JSON", async () => {
    const io = capture();
    const json = join(dir, "quality.json");
    const code = await sellerQualityCommand(
      ["--seller", "bazaar-deceptive@1", "--n", "10", "--json", json],
      io,
    );
    expect(io.stdout()).toMatch(/never_leak_reservation\s+0\s+= 0\s+PASS/);
    expect(io.stdout()).toMatch(/persona_consistency\s+n\/a/);
    const report = JSON.parse(readFileSync(json, "utf8"));
    expect(report.episodes).toHaveLength(10);
    expect(code).toBe(report.passed === report.applicable ? 0 : 1);
  });

  it("eval takes game-v2 tasks as id@2 and all@2, and stamps version 2 on every row", async () => {
    const io = capture();
    const args = ["--buyer", "strategy:accept-first", "--task", "all@2", "--task", "single_deal@2"];
    const out = [
      "--seeds",
      "1",
      "--run-id",
      "v2-run",
      "--out",
      join(dir, "runs"),
      "--db",
      join(dir, "v2.db"),
    ];
    expect(await evalCommand([...args, ...out], io)).toBe(0);
    expect(io.stderr()).toMatch(/9\/9/);
    const rows = readFileSync(join(dir, "runs", "v2-run", "episodes.jsonl"), "utf8")
      .trim()
      .split("\n");
    expect(rows).toHaveLength(9);
    for (const row of rows) expect(JSON.parse(row)).toMatchObject({ task_version: "2" });
  });

  it("eval takes all@3 and, with --oracle, shows each score as a fraction of the oracle's", async () => {
    const io = capture();
    const args = ["--buyer", "strategy:accept-first", "--task", "all@3", "--seeds", "1", "--oracle"];
    const out = ["--run-id", "v3-oracle", "--out", join(dir, "runs"), "--db", join(dir, "v3.db")];
    expect(await evalCommand([...args, "--episodes", "1", ...out], io)).toBe(0);
    expect(io.stderr()).toMatch(/oracle: single_deal@3, .*amazon_realistic@3 on 1 seeds/);
    expect(io.stdout().split("\n")[0]).toMatch(/score +of oracle +deal/);
    const summary = JSON.parse(readFileSync(join(dir, "runs", "v3-oracle", "summary.json"), "utf8"));
    expect(summary.schema).toBe("bazaar-eval-summary/2");
    expect(summary.oracle).toHaveLength(9);
    for (const row of summary.rows) {
      expect(row.task).toMatch(/@3$/);
      expect(row.fraction_of_oracle).toBeGreaterThanOrEqual(0);
    }
  });

  it("--oracle refuses what it cannot model: a server, another seller, other products", async () => {
    for (const extra of [
      ["--server", "http://127.0.0.1:9"],
      ["--seller", "responsive@1"],
    ]) {
      const io = capture();
      expect(
        await evalCommand(["--buyer", "rule:smart", "--task", "single_deal@3", "--oracle", ...extra], io),
      ).toBe(2);
      expect(io.stderr()).toMatch(/--oracle/);
    }
  });

  it("pairs with a deterministic code buyer finds no divergence and writes nothing", async () => {
    const io = capture();
    const out = join(dir, "pairs-none.jsonl");
    expect(
      await pairsCommand(
        ["--buyer", "rule:smart", "--task", "single_deal", "--seeds", "1..2", "--out", out],
        io,
      ),
    ).toBe(0);
    expect(io.stdout()).toMatch(/0 pairs appended.*identical/);
    expect(existsSync(out)).toBe(true);
  });
});
