import { describe, expect, it } from "vitest";
import { parseLlmSellerKey } from "./llm-seller-key";

describe("LLM seller keys", () => {
  it("parses backend, model, persona and version", () => {
    expect(parseLlmSellerKey("llm-ollama:gemma3:4b@1")).toEqual({
      ok: true,
      key: { backend: "ollama", modelSpec: "ollama:gemma3:4b", persona: "default", version: 1 },
    });
    expect(parseLlmSellerKey("llm-hf:meta-llama/Llama-3.2-3B-Instruct#firm@1")).toEqual({
      ok: true,
      key: { backend: "hf", modelSpec: "hf:meta-llama/Llama-3.2-3B-Instruct", persona: "firm", version: 1 },
    });
    expect(parseLlmSellerKey("llm-hf:https://x.endpoints.huggingface.cloud#deceptive")).toMatchObject({
      ok: true,
      key: { modelSpec: "hf:https://x.endpoints.huggingface.cloud", persona: "deceptive", version: null },
    });
  });

  it("is null for rule keys and explains malformed LLM keys", () => {
    expect(parseLlmSellerKey("boulware@1")).toBeNull();
    expect(parseLlmSellerKey("llm-ollama:gemma3:4b#grumpy@1")).toEqual({
      ok: false,
      reason: 'unknown persona "grumpy"',
    });
    expect(parseLlmSellerKey("llm-ollama:@1")).toEqual({ ok: false, reason: "no model named" });
  });
});
