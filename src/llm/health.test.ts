import { createServer, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { matchTag, probeHf, probeOllama } from "./health";
import { type FakeOllamaServer, startFakeOllamaServer } from "./testing/fake-ollama-server";
import { startFakeOpenAiServer } from "./testing/fake-openai-server";
import type { ScriptedServer } from "./testing/scripted-http-server";

const TOKEN = "hf_ProbeSecretToken13579bdf";

let ollama: FakeOllamaServer;
let openai: ScriptedServer;
let closedUrl: string;
beforeAll(async () => {
  ollama = await startFakeOllamaServer({ models: ["llama3.2:3b", "bestdealbot:latest"] });
  openai = await startFakeOpenAiServer({ models: ["fake-org/fake-chat"] });
  const gone = await startFakeOpenAiServer();
  closedUrl = gone.url;
  await gone.close();
});
afterAll(async () => {
  await Promise.all([ollama.close(), openai.close()]);
});

describe("probeOllama", () => {
  it("reports an exact tag, a prefix match and a missing model via /api/tags", async () => {
    expect(await probeOllama(ollama.url, "llama3.2:3b")).toMatchObject({
      reachable: true,
      modelMatch: "exact",
    });
    expect(await probeOllama(ollama.url, "bestdealbot")).toMatchObject({
      reachable: true,
      modelMatch: "exact",
    });
    expect(await probeOllama(ollama.url, "llama3.2")).toMatchObject({
      reachable: true,
      modelMatch: "prefix",
    });
    const missing = await probeOllama(ollama.url, "qwen2.5:7b");
    expect(missing).toMatchObject({ backend: "ollama", reachable: true, modelMatch: "missing" });
    expect(missing.detail).toContain("llama3.2:3b");
    expect(ollama.requests.every((r) => r.method === "GET" && r.path === "/api/tags")).toBe(true);
  });

  it("notices a model that was pulled later", async () => {
    ollama.setModels([]);
    expect((await probeOllama(ollama.url, "gemma2:2b")).modelMatch).toBe("missing");
    ollama.setModels(["gemma2:2b"]);
    expect((await probeOllama(ollama.url, "gemma2:2b")).modelMatch).toBe("exact");
  });

  it("reports an unreachable host without throwing", async () => {
    const result = await probeOllama(closedUrl, "llama3.2:3b");
    expect(result).toMatchObject({ backend: "ollama", reachable: false });
    expect(result.modelMatch).toBeUndefined();
  });
});

describe("matchTag", () => {
  it("does not treat a different tag of the same family as exact", () => {
    expect(matchTag("llama3.2:1b", ["llama3.2:3b"])).toBe("missing");
    expect(matchTag("llama3", ["llama3.2:3b"])).toBe("missing");
  });
});

describe("probeHf", () => {
  it("finds an endpoint through /health, with or without a /v1 suffix", async () => {
    expect(await probeHf(openai.url)).toMatchObject({ backend: "hf", reachable: true });
    expect(await probeHf(`${openai.url}/v1`)).toMatchObject({ reachable: true });
    expect(openai.requests.map((r) => r.path)).toEqual(["/health", "/health"]);
  });

  it("looks a model id up on the Hub route and never calls chat", async () => {
    const known = await probeHf("fake-org/fake-chat", { hubUrl: openai.url, token: TOKEN });
    expect(known).toMatchObject({ reachable: true });
    expect(await probeHf("fake-org/missing", { hubUrl: openai.url })).toMatchObject({ reachable: false });
    expect(openai.chatRequests()).toHaveLength(0);
  });

  it("reports an unreachable endpoint without leaking the token", async () => {
    const result = await probeHf(`${closedUrl}/v1`, { token: TOKEN });
    expect(result.reachable).toBe(false);
    expect(JSON.stringify(result)).not.toContain(TOKEN);
  });
});

describe("probe deadline", () => {
  // Accepts connections and never answers, so only the probe's own deadline can end the wait.
  const sockets: Socket[] = [];
  const mute = createServer((socket) => {
    sockets.push(socket);
  });
  let muteUrl: string;
  beforeAll(async () => {
    await new Promise<void>((resolve) => mute.listen(0, "127.0.0.1", resolve));
    const address = mute.address();
    muteUrl = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => mute.close(resolve));
  });

  it("gives up on a silent Ollama host and says it was the deadline", async () => {
    const result = await probeOllama(muteUrl, "llama3.2:3b", { timeoutMs: 150 });
    expect(result).toMatchObject({ backend: "ollama", reachable: false });
    expect(result.detail).toContain("no answer within 150 ms");
  });

  it("gives up on a silent endpoint and says it was the deadline", async () => {
    const result = await probeHf(muteUrl, { timeoutMs: 150, token: TOKEN });
    expect(result).toMatchObject({ backend: "hf", reachable: false });
    expect(result.detail).toContain("no answer within 150 ms");
  });
});
