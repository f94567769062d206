import { describe, expect, it } from "vitest";
import { describeLlmConfig, llmConfigMarkdown, readLlmConfig } from "./config";

describe("readLlmConfig", () => {
  it("applies defaults to an empty environment", () => {
    expect(readLlmConfig({})).toEqual({
      hf: { token: undefined, model: undefined, endpointUrl: undefined, provider: undefined },
      ollama: { host: "http://127.0.0.1:11434", model: undefined },
      policy: { timeoutMs: 20_000, maxConcurrent: 4, dailyCap: 1_500 },
    });
  });

  it("reads every variable and treats blank strings as unset", () => {
    const cfg = readLlmConfig({
      HF_TOKEN: "hf_abc123456789",
      BAZAAR_HF_MODEL: "meta-llama/Llama-3.2-3B-Instruct",
      BAZAAR_HF_PROVIDER: "together",
      BAZAAR_HF_ENDPOINT_URL: "  ",
      OLLAMA_HOST: "http://gpu-box:11434",
      BAZAAR_OLLAMA_MODEL: "llama3.2:3b",
      BAZAAR_LLM_TIMEOUT_MS: "15000",
      BAZAAR_LLM_MAX_CONCURRENT: "2",
      BAZAAR_LLM_DAILY_CAP: "0",
      UNRELATED: "ignored",
    });
    expect(cfg.hf).toEqual({
      token: "hf_abc123456789",
      model: "meta-llama/Llama-3.2-3B-Instruct",
      endpointUrl: undefined,
      provider: "together",
    });
    expect(cfg.ollama).toEqual({ host: "http://gpu-box:11434", model: "llama3.2:3b" });
    expect(cfg.policy).toEqual({ timeoutMs: 15_000, maxConcurrent: 2, dailyCap: 0 });
  });

  it("rejects bad values, naming the variable but never echoing the token", () => {
    expect(() => readLlmConfig({ BAZAAR_LLM_TIMEOUT_MS: "90000" })).toThrow(/BAZAAR_LLM_TIMEOUT_MS/);
    expect(() => readLlmConfig({ BAZAAR_LLM_MAX_CONCURRENT: "two" })).toThrow(/BAZAAR_LLM_MAX_CONCURRENT/);
    expect(() => readLlmConfig({ OLLAMA_HOST: "gpu-box" })).toThrow(/OLLAMA_HOST/);
    let message = "";
    try {
      readLlmConfig({
        HF_TOKEN: "hf_secretvalue123",
        BAZAAR_HF_ENDPOINT_URL: "https://e.example",
        BAZAAR_HF_PROVIDER: "x",
      });
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).toMatch(/not both/);
    expect(message).not.toContain("hf_secretvalue123");
  });
});

describe("describeLlmConfig", () => {
  it("documents exactly the variables readLlmConfig reads, marking the token secret", () => {
    const vars = describeLlmConfig();
    expect(vars.map((v) => v.name)).toEqual([
      "HF_TOKEN",
      "BAZAAR_HF_MODEL",
      "BAZAAR_HF_ENDPOINT_URL",
      "BAZAAR_HF_PROVIDER",
      "OLLAMA_HOST",
      "BAZAAR_OLLAMA_MODEL",
      "BAZAAR_LLM_TIMEOUT_MS",
      "BAZAAR_LLM_MAX_CONCURRENT",
      "BAZAAR_LLM_DAILY_CAP",
    ]);
    expect(vars.filter((v) => v.secret).map((v) => v.name)).toEqual(["HF_TOKEN"]);
    const defaults = readLlmConfig({});
    expect(vars.find((v) => v.name === "BAZAAR_LLM_TIMEOUT_MS")?.default).toBe(
      String(defaults.policy.timeoutMs),
    );
    expect(vars.find((v) => v.name === "OLLAMA_HOST")?.default).toBe(defaults.ollama.host);
    expect(llmConfigMarkdown().split("\n")).toHaveLength(vars.length + 2);
  });
});
