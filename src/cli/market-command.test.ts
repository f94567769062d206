import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { replayMarket } from "../../markets/market";
import { marketCommand } from "./market-command";

function bufferIo() {
  let out = "";
  let err = "";
  return {
    io: {
      out: (t: string) => {
        out += t;
      },
      err: {
        write: (t: string) => {
          err += t;
        },
      },
      env: {},
    },
    out: () => out,
    err: () => err,
  };
}

describe("bazaar market simulate", () => {
  it("--html writes a self-contained page of the public-tape ratings, byte-identical on a rerun", async () => {
    const dir = mkdtempSync(join(tmpdir(), "market-html-"));
    const args = ["simulate", "--agents", "8", "--markets", "40", "--seed", "5"];
    const pages = [join(dir, "a.html"), join(dir, "b.html")];
    for (const page of pages) expect(await marketCommand([...args, "--html", page], bufferIo().io)).toBe(0);
    const html = readFileSync(pages[0]!, "utf8");
    expect(readFileSync(pages[1]!, "utf8")).toBe(html);
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).toContain('data-role="listing_buyer"');
    expect(html).toContain('data-role="request_seller"');
    expect(html).toContain("<title>Pareto front</title>");
    expect(html).not.toMatch(/<script|src=|href="http/);
  });

  it("writes replayable events and a report, and prints the same summary on a rerun", async () => {
    const dir = mkdtempSync(join(tmpdir(), "market-cli-"));
    const events = join(dir, "events.jsonl");
    const report = join(dir, "report.json");
    const args = ["simulate", "--agents", "6", "--markets", "6", "--seed", "3"];
    const first = bufferIo();
    expect(await marketCommand([...args, "--out", events, "--report", report], first.io)).toBe(0);
    const summary = JSON.parse(first.out().trim().split("\n").at(-1)!);
    expect(summary).toMatchObject({ agents: 6, markets: 6, ledger_balanced: true });
    const lines = readFileSync(events, "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    const byMarket = new Map<string, unknown[]>();
    for (const l of lines) byMarket.set(l.market, [...(byMarket.get(l.market) ?? []), l.event]);
    expect(byMarket.size).toBe(6);
    for (const evs of byMarket.values())
      expect(replayMarket(evs as Parameters<typeof replayMarket>[0]).status).toBe("closed");
    const saved = JSON.parse(readFileSync(report, "utf8"));
    expect(saved.rows).toHaveLength(6);
    const second = bufferIo();
    expect(await marketCommand(args, second.io)).toBe(0);
    expect(second.out()).toBe(first.out());
  });

  it("rejects bad arguments with a usage error", async () => {
    const b = bufferIo();
    expect(await marketCommand(["simulate", "--agents", "x"], b.io)).toBe(2);
    expect(await marketCommand(["trade"], b.io)).toBe(2);
    expect(await marketCommand(["simulate", "--agents", "1"], b.io)).toBe(2);
    expect(b.err()).toContain("bazaar market");
  });
});
