import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeOllamaServer, startFakeOllamaServer } from "../../llm/testing/fake-ollama-server";
import type { CommandIo } from "./command-io";
import { evalCommand } from "./commands";

let dir: string;
let ollama: FakeOllamaServer;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "bazaar-eval-llm-"));
  ollama = await startFakeOllamaServer({ models: ["gemma3:4b"] });
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await ollama.close();
});

function io(env: Record<string, string>): CommandIo & { stderr: () => string } {
  let err = "";
  return {
    out: () => undefined,
    err: { write: (t: string) => (err += t), isTTY: false },
    env,
    stderr: () => err,
  };
}

describe("eval against an LLM seller, in-process", () => {
  it("plays the model's turns through the rules guard and records the LLM seller's version", async () => {
    ollama.setFallback({
      kind: "text",
      text: JSON.stringify({ message: "45, last.", action: "counter", price: 45 }),
    });
    const args = [
      "--buyer",
      "rule:smart",
      "--task",
      "single_deal",
      "--seeds",
      "1..3",
      "--seller",
      "llm-ollama:gemma3:4b@1",
    ];
    const paths = ["--run-id", "llm", "--out", join(dir, "runs"), "--db", join(dir, "eval.db"), "--quiet"];
    const code = await evalCommand([...args, ...paths], io({ OLLAMA_HOST: ollama.url }));
    expect(code).toBe(0);
    expect(ollama.chatRequests().length).toBeGreaterThan(0);
    const lines = readFileSync(join(dir, "runs", "llm", "episodes.jsonl"), "utf8")
      .trim()
      .split("\n");
    expect(lines).toHaveLength(3);
    for (const line of lines) expect(line).toContain('"id":"llm-ollama:gemma3:4b"');
  });

  it("an unknown seller fails before anything is recorded", async () => {
    const err = io({});
    const code = await evalCommand(
      [
        "--buyer",
        "rule:smart",
        "--task",
        "single_deal",
        "--seller",
        "nobody@3",
        "--db",
        join(dir, "bad.db"),
        "--out",
        join(dir, "bad"),
      ],
      err,
    );
    expect(code).toBe(2);
    expect(err.stderr()).toContain('Unknown seller "nobody@3"');
    expect(existsSync(join(dir, "bad.db"))).toBe(false);
    expect(existsSync(join(dir, "bad"))).toBe(false);
  });
});

describe("eval with a product file", () => {
  it("plays amazon_realistic on the file's products and records which file", async () => {
    const csv = join(dir, "products.csv");
    writeFileSync(
      csv,
      'product_name,category,discounted_price,actual_price\n"Steel Tiffin, 3 tier",Kitchen,₹450,₹799\n',
    );
    const paths = ["--run-id", "csv", "--out", join(dir, "runs"), "--db", join(dir, "eval.db"), "--quiet"];
    const code = await evalCommand(
      ["--buyer", "rule:smart", "--task", "amazon_realistic", "--seeds", "1..2", "--listings", csv, ...paths],
      io({}),
    );
    expect(code).toBe(0);
    const summary = JSON.parse(readFileSync(join(dir, "runs", "csv", "summary.json"), "utf8")) as {
      plan: { listings: string };
    };
    expect(summary.plan.listings).toMatch(/^products\.csv#[0-9a-f]{16}$/);
    expect(readFileSync(join(dir, "runs", "csv", "episodes.jsonl"), "utf8")).toContain("Steel Tiffin");
  });

  it("a malformed product file is a usage error naming the file, and records nothing", async () => {
    const bad = join(dir, "bad.csv");
    writeFileSync(bad, "name,price\nx,1\n");
    const err = io({});
    const code = await evalCommand(
      [
        "--buyer",
        "rule:smart",
        "--task",
        "amazon_realistic",
        "--listings",
        bad,
        "--db",
        join(dir, "bad2.db"),
        "--out",
        join(dir, "bad2"),
      ],
      err,
    );
    expect(code).toBe(2);
    expect(err.stderr()).toContain("bad.csv");
    expect(existsSync(join(dir, "bad2.db"))).toBe(false);
  });
});
