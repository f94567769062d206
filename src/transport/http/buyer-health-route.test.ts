import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_CONFIG } from "../../config/config";
import { type FakeOllamaServer, startFakeOllamaServer } from "../../llm/testing/fake-ollama-server";
import { silentLogger } from "../../log/logger";
import { startTestServer } from "../../testing/test-server";
import { BuyerHealthResponse } from "../../wire/seller-role";
import { type RunningServer, startServer } from "../server";

// The real server probing a fake Ollama on 127.0.0.1 through the real client.
let ollama: FakeOllamaServer;
let server: RunningServer;
beforeAll(async () => {
  ollama = await startFakeOllamaServer({ models: ["buyer-model"] });
  server = await startServer(
    { ...DEFAULT_CONFIG, port: 0, host: "127.0.0.1", db: ":memory:", logLevel: "silent" },
    {
      logger: silentLogger,
      drainMs: 500,
      env: { OLLAMA_HOST: ollama.url, BAZAAR_OLLAMA_MODEL: "buyer-model", BAZAAR_LLM_TIMEOUT_MS: "1500" },
    },
  );
});
afterAll(async () => {
  await server.close();
  await ollama.close();
});

describe("GET /buyers/health", () => {
  it("names each configured backend's LLM buyer by the key /reset takes, with the backend's health", async () => {
    const res = await fetch(`${server.url}/buyers/health`);
    expect(res.status).toBe(200);
    const body = BuyerHealthResponse.parse(await res.json());
    expect(body.buyers).toEqual([
      { key: "llm-ollama:buyer-model@1", backend: "ollama", reachable: true, detail: expect.any(String) },
    ]);
    // The key round-trips: a sale against it plays that model (not a guessed sibling).
    ollama.enqueue({ kind: "text", text: '{"action": "offer", "price": 20, "message": "20?"}' });
    const reset = await fetch(`${server.url}/reset`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ role: "seller", seed: 1, buyer: body.buyers[0]?.key }),
    });
    const r = await reset.json();
    expect(r.info).toMatchObject({
      buyer: { id: "llm-ollama:buyer-model", version: 1 },
      buyer_fallback: false,
    });
  });

  it("is an empty list on a server with no model backend: only code buyers play there", async () => {
    const bare = await startTestServer();
    try {
      const r = await bare.get("/buyers/health");
      expect(r.status).toBe(200);
      expect(r.body).toEqual({ buyers: [] });
    } finally {
      await bare.close();
    }
  });
});
