import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chatModelFromSpec } from "./chat-model-from-spec";
import { type LlmConfig, readLlmConfig } from "./config";
import { type FakeOllamaServer, startFakeOllamaServer } from "./testing/fake-ollama-server";
import { startFakeOpenAiServer } from "./testing/fake-openai-server";
import type { ScriptedServer } from "./testing/scripted-http-server";

const deps = { now: Date.now };
const USER = [{ role: "user" as const, content: "Deal?" }];

let ollama: FakeOllamaServer;
let openai: ScriptedServer;
let config: LlmConfig;
beforeAll(async () => {
  ollama = await startFakeOllamaServer();
  openai = await startFakeOpenAiServer();
  config = readLlmConfig({
    OLLAMA_HOST: ollama.url,
    HF_TOKEN: "hf_SpecTestToken24680ace",
    BAZAAR_LLM_DAILY_CAP: "3",
  });
});
afterAll(async () => {
  await Promise.all([ollama.close(), openai.close()]);
});

describe("chatModelFromSpec", () => {
  it("builds an Ollama model whose tag keeps its colons and reaches the configured host", async () => {
    ollama.enqueue({ kind: "text", text: "ok" });
    const model = chatModelFromSpec("ollama:llama3.2:3b", { config, deps });
    expect(model.id).toBe("ollama:llama3.2:3b");
    expect((await model.chat(USER)).text).toBe("ok");
    expect(ollama.chatRequests()[0]?.body).toMatchObject({ model: "llama3.2:3b" });
    expect(model.stats().daily.cap).toBe(3);
  });

  it("builds an HF endpoint model from an https-or-http URL, sending the configured token", async () => {
    openai.enqueue({ kind: "text", text: "ok" });
    const model = chatModelFromSpec(`hf:${openai.url}/v1`, { config, deps });
    expect(model.id).toBe(`hf:${openai.url}/v1`);
    expect((await model.chat(USER)).text).toBe("ok");
    expect(openai.chatRequests()[0]?.headers.authorization).toBe("Bearer hf_SpecTestToken24680ace");
  });

  it("builds an HF provider model from a Hub id without calling anything", () => {
    const model = chatModelFromSpec("hf:meta-llama/Llama-3.2-3B-Instruct", {
      config,
      deps,
      policy: { retries: 0 },
    });
    expect(model.id).toBe("hf:meta-llama/Llama-3.2-3B-Instruct");
    expect(model.stats().lifetime.calls).toBe(0);
  });

  it("lists the accepted forms for anything else", () => {
    for (const bad of ["llama3.2", "ollama:", "hf:", "openai:gpt-4o", "hf:not a model", "  "]) {
      expect(() => chatModelFromSpec(bad, { config, deps })).toThrow(
        /accepted forms:[\s\S]*ollama:<tag>[\s\S]*hf:<https URL>/,
      );
    }
  });
});
