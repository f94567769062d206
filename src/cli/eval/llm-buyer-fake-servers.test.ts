import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { llmBuyer } from "../../../buyers/llm-buyer";
import { BUYER_PROMPT_HASH } from "../../../buyers/prompts/buyer-v1";
import { inProcessSessions } from "../../../eval/harness/in-process-session";
import { playUnit } from "../../../eval/harness/play-unit";
import { chatModelFromSpec } from "../../llm/chat-model-from-spec";
import { type LlmConfig, readLlmConfig } from "../../llm/config";
import { type FakeOllamaServer, startFakeOllamaServer } from "../../llm/testing/fake-ollama-server";
import { startFakeOpenAiServer } from "../../llm/testing/fake-openai-server";
import type { ScriptedServer } from "../../llm/testing/scripted-http-server";

const deps = { now: Date.now };
const unit = {
  runId: "llm-test",
  taskId: "single_deal",
  seed: 4,
  tells: true,
  gitCommit: "t",
  transport: "in-process" as const,
};
const offer = (price: number, message = `${price} chalega?`) =>
  JSON.stringify({ action: "offer", price, message });

let ollama: FakeOllamaServer;
let hf: ScriptedServer;
let config: LlmConfig;
beforeAll(async () => {
  ollama = await startFakeOllamaServer();
  hf = await startFakeOpenAiServer();
  config = readLlmConfig({ OLLAMA_HOST: ollama.url, HF_TOKEN: "hf_FakeBuyerToken13579" });
});
afterAll(async () => {
  await Promise.all([ollama.close(), hf.close()]);
});

const ollamaBuyer = (timeoutMs = 5_000) =>
  llmBuyer({
    model: chatModelFromSpec("ollama:buyer-test", { config, deps, policy: { timeoutMs, retries: 0 } }),
  });
const hfBuyer = () =>
  llmBuyer({ model: chatModelFromSpec(`hf:${hf.url}/v1`, { config, deps, policy: { retries: 0 } }) });

describe("LLM buyer against fake Ollama and HF servers", () => {
  it("plays good Ollama replies to a deal, sending the prompt, sampling and stop sequences", async () => {
    ollama.reset();
    ollama.enqueue(
      { kind: "text", text: offer(30), usage: { promptTokens: 400, completionTokens: 20 } },
      { kind: "text", text: offer(38), usage: { promptTokens: 420, completionTokens: 20 } },
    );
    ollama.setFallback({
      kind: "text",
      text: '{"action":"accept","price":null,"message":"Theek hai, done."}',
    });
    const buyer = ollamaBuyer();
    expect(buyer.promptHash).toBe(`buyer-v1:${BUYER_PROMPT_HASH}`);
    const u = await playUnit(inProcessSessions(), buyer, unit);
    expect(u.records).toHaveLength(1);
    expect(u.parse_errors).toBe(0);
    expect(u.steps[0]).toMatchObject({
      buyer_action: "offer",
      buyer_price: 30,
      buyer_message: "30 chalega?",
    });
    expect(u.tokens?.prompt).toBeGreaterThanOrEqual(820);
    const body = ollama.chatRequests()[0]?.body as {
      messages: Array<{ content: string }>;
      options: Record<string, unknown>;
    };
    expect(body.options).toMatchObject({ temperature: 0.7, top_p: 0.9, num_predict: 64 });
    expect(body.options.stop).toEqual(expect.arrayContaining(["<|eot_id|>", "<end_of_turn>"]));
    expect(body.messages[1]?.content).toMatch(/Seller's current ask: 60/);
    // The second prompt carries the dialogue so far (D23), including the buyer's own words.
    const second = ollama.chatRequests()[1]?.body as { messages: Array<{ content: string }> };
    expect(second.messages[1]?.content).toMatch(/round 1, buyer offer 30: "30 chalega\?"/);
  });

  it("records parse errors for garbage, plays the fallback, re-renders the line and finishes", async () => {
    hf.reset();
    hf.enqueue({ kind: "text", text: "Sure! I would offer around forty rupees." });
    hf.enqueue({ kind: "text", text: offer(20, "20 final") }); // below its own last offer: guarded up
    hf.setFallback({ kind: "text", text: '{"action":"offer","price":5000}' });
    const u = await playUnit(inProcessSessions(), hfBuyer(), unit);
    expect(u.episodes_completed).toBe(1);
    expect(u.steps[0]).toMatchObject({ parse_error: true, buyer_action: "offer", buyer_price: 30 });
    expect(u.steps[1]).toMatchObject({ parse_error: false, buyer_price: 30 });
    expect(u.steps[1]?.buyer_message).not.toBe("20 final");
    expect(u.steps[1]?.buyer_message).toMatch(/₹30/);
    expect(u.parse_errors).toBeGreaterThanOrEqual(2);
    for (let i = 1; i < u.steps.length; i++) {
      const [prev, cur] = [u.steps[i - 1]?.buyer_price, u.steps[i]?.buyer_price];
      if (prev != null && cur != null) expect(cur).toBeGreaterThanOrEqual(prev);
    }
  });

  it("treats a timed-out call as a parse error with the fallback, and the episode completes", async () => {
    ollama.reset();
    ollama.setFallback({ kind: "text", text: offer(35), delayMs: 3_000 });
    const u = await playUnit(inProcessSessions(), ollamaBuyer(1_000), { ...unit, seed: 9 });
    expect(u.episodes_completed).toBe(1);
    expect(u.parse_errors).toBe(u.decisions);
    expect(u.steps[0]?.error).toMatch(/ChatError/);
    expect(u.steps[0]?.buyer_price).toBe(30);
  });
});
