import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SellerEvalSummary } from "../../../eval/seller-role/seller-eval-summary";
import { type FakeOllamaServer, startFakeOllamaServer } from "../../llm/testing/fake-ollama-server";
import { startFakeOpenAiServer } from "../../llm/testing/fake-openai-server";
import type { ScriptedServer } from "../../llm/testing/scripted-http-server";
import { captureIo } from "../../testing/capture-io";
import { startTestServer, type TestServer } from "../../testing/test-server";
import { evalCommand } from "./commands";

let dir: string;
let srv: TestServer;
let ollama: FakeOllamaServer;
let hf: ScriptedServer;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "bazaar-seller-eval-"));
  [srv, ollama, hf] = await Promise.all([
    startTestServer(),
    startFakeOllamaServer({ models: ["seller-test"] }),
    startFakeOpenAiServer(),
  ]);
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await Promise.all([srv.close(), ollama.close(), hf.close()]);
});

async function run(args: string[], env: Record<string, string> = {}) {
  const io = captureIo(env);
  const code = await evalCommand(
    ["--role", "seller", ...args, "--out", join(dir, "runs"), "--db", join(dir, "eval.db"), "--quiet"],
    io,
  );
  const last = io.stdout().trim().split("\n").at(-1) ?? "";
  return { code, io, summary: code === 0 ? (JSON.parse(last) as SellerEvalSummary) : null };
}

const reply = (o: object) => ({ kind: "text" as const, text: JSON.stringify(o) });

describe("bazaar eval --role seller", () => {
  it("gives the same rows in-process and over HTTP against a real server, and writes its run files", async () => {
    const args = ["--agent", "scripted", "--task", "all", "--buyer", "rule-smart@1", "--seeds", "1..4"];
    const local = await run([...args, "--run-id", "local"]);
    const http = await run([...args, "--run-id", "http", "--server", srv.url]);
    expect(local.code).toBe(0);
    expect(http.code).toBe(0);
    expect(http.summary?.transport).toBe("http");
    expect(http.summary?.rows).toEqual(local.summary?.rows);
    // "all" is the current tasks, the career included: its five deals per seed match over HTTP too.
    expect(local.summary?.tasks).toEqual(["sell_single_deal@2", "sell_tough_buyer@2", "sell_career_5@1"]);
    expect(local.summary?.git_commit).toMatch(/^[0-9a-f]{40}|unknown/);
    const files = join(dir, "runs", "http");
    expect(JSON.parse(readFileSync(join(files, "seller-summary.json"), "utf8"))).toEqual(http.summary);
    expect(readFileSync(join(files, "seller-units.jsonl"), "utf8").trim().split("\n")).toHaveLength(12);
    expect(local.io.stdout()).toContain("| scripted-seller | sell_single_deal@2 | rule-smart@1");
  });

  it("plays a model seller on a fake Ollama: good replies, garbage (flagged) and a timeout (fallback)", async () => {
    ollama.reset();
    ollama.enqueue(
      { ...reply({ action: "counter", price: 61, message: "61, last." }), delayMs: 3_000 },
      { kind: "text", text: "I'd say sixty-ish, what do you think?" },
    );
    ollama.setFallback(reply({ action: "counter", price: 58, message: "58 then." }));
    const env = { OLLAMA_HOST: ollama.url, BAZAAR_LLM_TIMEOUT_MS: "1000" };
    const r = await run(
      ["--agent", "ollama:seller-test", "--task", "sell_single_deal@2", "--seeds", "1", "--concurrency", "1"],
      env,
    );
    expect(r.code).toBe(0);
    const row = r.summary?.rows[0];
    expect(r.summary?.agents[0]?.prompt_hash).toMatch(/^seller-agent-v1:[0-9a-f]{16}$/);
    expect(row?.model_error_rate).toBeGreaterThan(0);
    expect(row?.parse_error_rate).toBeGreaterThan(row?.model_error_rate ?? 1);
    // The seller's whole brief reached the model (it is the agent; the buyer's budget never is).
    const sent = ollama.chatRequests().map((q) => JSON.stringify(q.body));
    expect(sent[0]).toContain("Your private reservation");
    const units = readFileSync(join(dir, "runs", r.summary?.run_id ?? "", "seller-units.jsonl"), "utf8");
    expect(JSON.parse(units).decisions).toBeGreaterThanOrEqual(3);
  });

  it("plays a model seller on a fake Hugging Face endpoint, and flags one that only answers garbage", async () => {
    hf.reset();
    hf.setFallback({ kind: "text", text: "<think>hmm</think> no JSON here" });
    const r = await run(["--agent", `hf:${hf.url}/v1`, "--task", "sell_tough_buyer@2", "--seeds", "1..2"], {
      HF_TOKEN: "hf_FakeSellerToken24680",
    });
    expect(r.code).toBe(0);
    expect(hf.chatRequests().length).toBeGreaterThan(0);
    expect(r.summary?.rows[0]?.parse_error_rate).toBe(1);
    expect(r.summary?.rows[0]?.flags.join(" ")).toContain("unusable");
    expect(r.io.stdout()).not.toContain("hf_FakeSellerToken24680");
  });

  it("bad input is a usage error that plays and writes nothing", async () => {
    for (const [args, says] of [
      [["--agent", "nobody", "--task", "all"], 'Unknown seller agent "nobody"'],
      [["--agent", "scripted", "--task", "sell_single_deal@9"], "sell_single_deal@2"],
      [["--agent", "scripted", "--task", "all", "--buyer", "ghost@1"], 'Unknown buyer "ghost@1"'],
      [["--task", "all"], "give at least one --agent"],
    ] as const) {
      const r = await run([...args, "--run-id", "bad"]);
      expect(r.code).toBe(2);
      expect(r.io.stderr()).toContain(says);
    }
    expect(existsSync(join(dir, "runs", "bad"))).toBe(false);
    const io = captureIo();
    expect(await evalCommand(["--role", "auctioneer"], io)).toBe(2);
    expect(io.stderr()).toContain("--role must be buyer or seller");
  });
});
