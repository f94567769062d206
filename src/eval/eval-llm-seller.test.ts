import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeOllamaServer, startFakeOllamaServer } from "../llm/testing/fake-ollama-server";
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
