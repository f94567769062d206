import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buyerFromSpec } from "../../../buyers/buyer-registry";
import { inProcessSessions } from "../../../eval/harness/in-process-session";
import { buildPair } from "../../../eval/pairs/preference-pair";
import { chatModelFromSpec } from "../../llm/chat-model-from-spec";
import { readLlmConfig } from "../../llm/config";
import { type FakeOllamaServer, startFakeOllamaServer } from "../../llm/testing/fake-ollama-server";
import { pairsCommand } from "./pairs-command";

const OFFER = '{"action":"offer","price":30,"message":"30 mein do na."}';
const ACCEPT = '{"action":"accept","price":null,"message":"Chalo, done."}';
const WALK = '{"action":"walk","price":null,"message":"Rehne do."}';

let ollama: FakeOllamaServer;
let dir: string;
beforeAll(async () => {
  ollama = await startFakeOllamaServer();
  dir = mkdtempSync(join(tmpdir(), "bazaar-pairs-"));
});
afterAll(async () => {
  await ollama.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("preference pairs from two rollouts of one LLM buyer", () => {
  it("shares the prompt at the first differing decision and prefers the deal", async () => {
    ollama.reset();
    ollama.enqueue(
      { kind: "text", text: OFFER },
      { kind: "text", text: ACCEPT },
      { kind: "text", text: OFFER },
      { kind: "text", text: WALK },
    );
    const config = readLlmConfig({ OLLAMA_HOST: ollama.url });
    const model = chatModelFromSpec("ollama:pair-test", {
      config,
      deps: { now: Date.now },
    });
    const variant = (t: number) => ({
      label: `temperature=${t}`,
      buyer: buyerFromSpec("ollama:pair-test", { chatModel: () => model, sampling: { temperature: t } }),
    });
    const r = await buildPair(inProcessSessions, {
      taskId: "single_deal",
      seed: 2,
      tells: true,
      a: variant(0.3),
      b: variant(1.0),
    });
    if (!("pair" in r)) throw new Error(`expected a pair, got ${r.skipped}: ${r.detail}`);
    const p = r.pair;
    expect(p.decision_index).toBe(1);
    expect(p.chosen).toEqual([{ role: "assistant", content: ACCEPT }]);
    expect(p.rejected).toEqual([{ role: "assistant", content: WALK }]);
    expect(p.chosen[0]?.content).not.toBe(p.rejected[0]?.content);
    const asked = ollama
      .chatRequests()
      .map((q) => q.body as { messages: Array<{ content: string }>; options: { temperature: number } });
    // Both rollouts saw exactly this prompt at decision 1, and it is the pair's prompt.
    expect(asked[1]?.messages).toEqual(asked[3]?.messages);
    expect(p.prompt.map((m) => m.content)).toEqual(asked[1]?.messages.map((m) => m.content));
    expect(asked.map((q) => q.options.temperature)).toEqual([0.3, 0.3, 1, 1]);
    expect(p).toMatchObject({ judge: "code", chosen_surplus: expect.any(Number), rejected_surplus: 0 });
  });

  it("the CLI appends one TRL row per pair", async () => {
    ollama.reset();
    ollama.enqueue(
      { kind: "text", text: OFFER },
      { kind: "text", text: WALK },
      { kind: "text", text: OFFER },
      { kind: "text", text: ACCEPT },
    );
    const out = join(dir, "pairs.jsonl");
    let stdout = "";
    const code = await pairsCommand(
      ["--buyer", "ollama:pair-test", "--task", "single_deal", "--seeds", "2", "--out", out],
      { out: (t) => (stdout += t), err: { write: () => true }, env: { OLLAMA_HOST: ollama.url } },
    );
    expect(code).toBe(0);
    expect(stdout).toMatch(/^1 pairs appended/);
    const rows = readFileSync(out, "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(rows).toHaveLength(1);
    expect(Object.keys(rows[0])).toEqual(expect.arrayContaining(["prompt", "chosen", "rejected"]));
    expect(rows[0].chosen[0].content).toBe(ACCEPT);
  });
});
