import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readLlmConfig } from "../llm/config";
import { type FakeOllamaServer, startFakeOllamaServer } from "../llm/testing/fake-ollama-server";
import { startFakeOpenAiServer } from "../llm/testing/fake-openai-server";
import type { ScriptedServer } from "../llm/testing/scripted-http-server";
import { sellerBackendHealth } from "./backend-health";

let ollama: FakeOllamaServer;
let openai: ScriptedServer;
beforeAll(async () => {
  ollama = await startFakeOllamaServer({ models: ["gemma3:4b"] });
  openai = await startFakeOpenAiServer();
});
afterAll(async () => {
  await ollama.close();
  await openai.close();
});

describe("sellerBackendHealth", () => {
  it("reports configured backends only, reachable, without the token", async () => {
    const config = readLlmConfig({
      OLLAMA_HOST: ollama.url,
      BAZAAR_OLLAMA_MODEL: "gemma3:4b",
      BAZAAR_HF_ENDPOINT_URL: `${openai.url}/v1`,
      HF_TOKEN: "hf_secret_value_123",
    });
    const rows = await sellerBackendHealth(config);
    expect(rows.map((r) => [r.backend, r.reachable, r.sellerKey])).toEqual([
      ["ollama", true, "llm-ollama:gemma3:4b@3"],
      ["hf", true, `llm-hf:${openai.url}/v1@3`],
    ]);
    expect(JSON.stringify(rows)).not.toContain("hf_secret_value_123");
    expect(await sellerBackendHealth(readLlmConfig({}))).toEqual([]);
  });

  it("reports an unreachable backend as down instead of throwing", async () => {
    const rows = await sellerBackendHealth(
      readLlmConfig({ OLLAMA_HOST: "http://127.0.0.1:9", BAZAAR_OLLAMA_MODEL: "gemma3:4b" }),
      { timeoutMs: 500 },
    );
    expect(rows[0]).toMatchObject({ backend: "ollama", reachable: false });
  });
});
