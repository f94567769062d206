import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_CONFIG } from "../../config/config";
import { type FakeOllamaServer, startFakeOllamaServer } from "../../llm/testing/fake-ollama-server";
import { silentLogger } from "../../log/logger";
import { type RunningServer, startServer } from "../server";

// The real server, the real ollama client, and a fake Ollama on 127.0.0.1: the seller agent's
// words must reach the LLM buyer's request, and a model failure must play the fallback and say so.
let ollama: FakeOllamaServer;
let server: RunningServer;

beforeAll(async () => {
  ollama = await startFakeOllamaServer({ models: ["buyer-model"] });
  server = await startServer(
    { ...DEFAULT_CONFIG, port: 0, host: "127.0.0.1", db: ":memory:", logLevel: "silent" },
    { logger: silentLogger, drainMs: 500, env: { OLLAMA_HOST: ollama.url, BAZAAR_LLM_TIMEOUT_MS: "1500" } },
  );
});
afterAll(async () => {
  await server.close();
  await ollama.close();
});

// biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON response fields
async function post(path: string, body: unknown): Promise<{ status: number; body: any }> {
  const res = await fetch(`${server.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

describe("an LLM buyer behind the server (seller role)", () => {
  it("reads the seller agent's words; garbage and errors play the fallback, flagged per step", async () => {
    ollama.enqueue({ kind: "text", text: '{"action": "offer", "price": 20, "message": "20 rupees?"}' });
    const reset = await post("/reset", { role: "seller", seed: 3, buyer: "llm-ollama:buyer-model@1" });
    expect(reset.status).toBe(200);
    expect(reset.body.info.buyer).toMatchObject({ id: "llm-ollama:buyer-model", version: 1 });
    expect(reset.body.info.buyer_fallback).toBe(false);
    expect(reset.body.observation.buyer_message).toBe("20 rupees?");

    const words = "Zebrawood inlay, my grandfather carved it <script>alert(1)</script>";
    ollama.enqueue({ kind: "text", text: "not json at all" });
    const step = await post("/step", {
      session_id: reset.body.session_id,
      action: { action_type: "counter", price: reset.body.observation.own_last_quote - 1, message: words },
    });
    expect(step.status).toBe(200);
    const sent = JSON.stringify(ollama.chatRequests().at(-1)?.body);
    expect(sent).toContain("Zebrawood inlay, my grandfather carved it");
    expect(step.body.info.buyer_fallback).toBe(true);

    ollama.enqueue({ kind: "error", status: 500, message: "boom" });
    const again = await post("/step", {
      session_id: reset.body.session_id,
      action: {
        action_type: "counter",
        price: step.body.observation.own_last_quote - 1,
        message: "Still a fair price.",
      },
    });
    expect(again.status).toBe(200);
    expect(again.body.info.buyer_fallback).toBe(true);
  });

  it("an unusable model spec is a 400 naming the accepted forms, never a 500", async () => {
    const r = await post("/reset", { role: "seller", buyer: "llm-hf:not a model@1" });
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe("UNKNOWN_BUYER");
  });
});
