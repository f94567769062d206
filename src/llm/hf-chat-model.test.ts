import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { END_OF_TURN_MARKERS } from "../../env/chat-model";
import { createHfChatModel } from "./hf-chat-model";
import { chatFailure } from "./testing/chat-failure";
import { startFakeOpenAiServer } from "./testing/fake-openai-server";
import type { ScriptedServer } from "./testing/scripted-http-server";

const TOKEN = "hf_SecretTestTokenAbcdef123456";
const USER = [{ role: "user" as const, content: "Offer for the lamp?" }];

let server: ScriptedServer;
beforeAll(async () => {
  server = await startFakeOpenAiServer();
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => server.reset());

function model(extra: { timeoutMs?: number; maxStopSequences?: number } = {}) {
  return createHfChatModel({ endpointUrl: server.url, model: "fake-org/fake-chat", token: TOKEN, ...extra });
}

describe("createHfChatModel against an OpenAI-compatible endpoint", () => {
  it("returns the reply text, usage and served model", async () => {
    server.enqueue({
      kind: "text",
      text: '{"action":"offer","price":42}',
      usage: { promptTokens: 31, completionTokens: 9 },
    });
    const result = await model().chat(USER);
    expect(result.text).toBe('{"action":"offer","price":42}');
    expect(result.usage).toEqual({ promptTokens: 31, completionTokens: 9 });
    expect(result.model).toBe("hf:fake-org/fake-chat");
    expect(result.latencyMs).toBeGreaterThanOrEqual(0);
  });

  it("hands fenced JSON, prose-wrapped JSON and garbage back unchanged", async () => {
    const texts = [
      '```json\n{"action":"accept"}\n```',
      'Sure! Here you go: {"action":"walk"} Hope it helps.',
      "}{ ¿¿ null",
    ];
    for (const text of texts) server.enqueue({ kind: "text", text });
    for (const text of texts) expect((await model().chat(USER)).text).toBe(text);
  });

  it("reports null usage when the server sends none", async () => {
    server.enqueue({ kind: "text", text: "hi" });
    expect((await model().chat(USER)).usage).toBeNull();
  });

  it("posts to <base>/v1/chat/completions with stops, token cap, sampling and bearer auth", async () => {
    server.enqueue({ kind: "text", text: "ok" });
    await model().chat([{ role: "system", content: "Be brief." }, ...USER], {
      temperature: 0.6,
      topP: 0.9,
      maxTokens: 96,
      seed: 7,
      stop: ["\nSeller:"],
      json: true,
    });
    const [req] = server.chatRequests();
    expect(req?.path).toBe("/v1/chat/completions");
    expect(req?.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(req?.body).toMatchObject({
      model: "fake-org/fake-chat",
      max_tokens: 96,
      temperature: 0.6,
      top_p: 0.9,
      seed: 7,
      stop: ["\nSeller:", "<|eot_id|>", "<end_of_turn>", "<|im_end|>"],
      response_format: { type: "json_object" },
      messages: [
        { role: "system", content: "Be brief." },
        { role: "user", content: "Offer for the lamp?" },
      ],
    });
  });

  it("sends every end-of-turn marker when the stop limit allows", async () => {
    server.enqueue({ kind: "text", text: "ok" });
    await model({ maxStopSequences: 10 }).chat(USER, { stop: ["<|eot_id|>", "END"] });
    expect((server.chatRequests()[0]?.body as { stop: string[] } | undefined)?.stop).toEqual([
      "<|eot_id|>",
      "END",
      ...END_OF_TURN_MARKERS.slice(1),
    ]);
  });

  it("accepts an endpoint URL that already ends in /v1", async () => {
    server.enqueue({ kind: "text", text: "ok" });
    await createHfChatModel({ endpointUrl: `${server.url}/v1/`, token: TOKEN }).chat(USER);
    expect(server.chatRequests()[0]?.path).toBe("/v1/chat/completions");
  });

  it("maps 500 to a retryable http error and does not let the library retry 503 by itself", async () => {
    server.enqueue({ kind: "error", status: 500, message: "boom" });
    const e500 = await chatFailure(model().chat(USER));
    expect([e500.kind, e500.status, e500.retryable]).toEqual(["http", 500, true]);
    server.enqueue({ kind: "error", status: 503, message: "loading" }, { kind: "text", text: "late" });
    const e503 = await chatFailure(model().chat(USER));
    expect([e503.kind, e503.status]).toEqual(["http", 503]);
    expect(server.chatRequests()).toHaveLength(2);
  });

  it("reads Retry-After from a 429", async () => {
    server.enqueue({ kind: "error", status: 429, message: "slow down", headers: { "retry-after": "3" } });
    const err = await chatFailure(model().chat(USER));
    expect([err.kind, err.status, err.retryAfterMs, err.retryable]).toEqual(["http", 429, 3000, true]);
  });

  it("treats a 4xx other than 429 as not retryable", async () => {
    server.enqueue({ kind: "error", status: 422, message: "too many stop sequences" });
    const err = await chatFailure(model().chat(USER));
    expect([err.kind, err.retryable]).toEqual(["http", false]);
  });

  it("times out a slow reply and abandons the socket", async () => {
    server.enqueue({ kind: "text", text: "too late", delayMs: 10_000 });
    const err = await chatFailure(model({ timeoutMs: 200 }).chat(USER));
    expect(err.kind).toBe("timeout");
    await expect.poll(() => server.chatRequests()[0]?.aborted).toBe(true);
  });

  it("distinguishes a caller abort from a timeout", async () => {
    server.enqueue({ kind: "text", text: "never", delayMs: 10_000 });
    const controller = new AbortController();
    const pending = model().chat(USER, { signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    const err = await chatFailure(pending);
    expect([err.kind, err.callerAborted, err.retryable]).toEqual(["timeout", true, false]);
  });

  it("maps dropped connections (before headers and mid-body) to network errors", async () => {
    server.enqueue({ kind: "drop", when: "before_headers" }, { kind: "drop", when: "mid_body" });
    const early = await chatFailure(model().chat(USER));
    const late = await chatFailure(model().chat(USER));
    expect([early.kind, early.retryable]).toEqual(["network", true]);
    expect([late.kind, late.retryable]).toEqual(["network", true]);
  });

  it("maps an unreachable endpoint to a network error", async () => {
    const gone = await startFakeOpenAiServer();
    const url = gone.url;
    await gone.close();
    const err = await chatFailure(createHfChatModel({ endpointUrl: url, token: TOKEN }).chat(USER));
    expect(err.kind).toBe("network");
  });

  it("maps a malformed body or a reply without choices to bad_response", async () => {
    server.enqueue(
      { kind: "raw", status: 200, contentType: "application/json", body: '{"choices": [' },
      { kind: "raw", status: 200, contentType: "application/json", body: '{"object":"chat.completion"}' },
      { kind: "raw", status: 200, contentType: "text/plain", body: "hello" },
    );
    for (let i = 0; i < 3; i++) expect((await chatFailure(model().chat(USER))).kind).toBe("bad_response");
  });

  it("never puts the token in an error message, even when the server echoes it", async () => {
    server.enqueue({ kind: "echo_auth", status: 401 });
    const err = await chatFailure(model().chat(USER));
    expect(err.message).toContain("[redacted]");
    expect(err.message).not.toContain(TOKEN);
    expect(JSON.stringify(err)).not.toContain(TOKEN);
    expect(String(err.stack)).not.toContain(TOKEN);
  });

  it("builds a stable id and rejects contradictory config", () => {
    expect(createHfChatModel({ model: "meta-llama/Llama-3.2-3B-Instruct", revision: "abc" }).id).toBe(
      "hf:meta-llama/Llama-3.2-3B-Instruct@abc",
    );
    expect(createHfChatModel({ endpointUrl: "https://user:pw@x.endpoints.huggingface.cloud/?k=1" }).id).toBe(
      "hf:https://x.endpoints.huggingface.cloud",
    );
    expect(() => createHfChatModel({})).toThrow(/model id or an endpointUrl/);
    expect(() => createHfChatModel({ endpointUrl: server.url, provider: "together" })).toThrow(
      /mutually exclusive/,
    );
  });
});
