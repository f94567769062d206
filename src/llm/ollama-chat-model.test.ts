import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { END_OF_TURN_MARKERS } from "../../env/chat-model";
import { createOllamaChatModel } from "./ollama-chat-model";
import { chatFailure } from "./testing/chat-failure";
import { type FakeOllamaServer, startFakeOllamaServer } from "./testing/fake-ollama-server";

const USER = [{ role: "user" as const, content: "Best price for the rug?" }];

let server: FakeOllamaServer;
beforeAll(async () => {
  server = await startFakeOllamaServer();
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => server.reset());

function model(timeoutMs?: number) {
  return createOllamaChatModel({ host: server.url, model: "llama3.2:3b", timeoutMs });
}

describe("createOllamaChatModel against an Ollama wire server", () => {
  it("returns text, usage from eval counts and the served model", async () => {
    server.enqueue({
      kind: "text",
      text: '{"action":"counter","price":55}',
      usage: { promptTokens: 40, completionTokens: 12 },
    });
    const result = await model().chat(USER);
    expect(result).toMatchObject({
      text: '{"action":"counter","price":55}',
      usage: { promptTokens: 40, completionTokens: 12 },
      model: "ollama:llama3.2:3b",
    });
  });

  it("hands fenced JSON, prose-wrapped JSON and garbage back unchanged", async () => {
    const texts = ['```\n{"action":"accept"}\n```', 'My answer is {"action":"walk"}, final.', "<<<>>> ~~"];
    for (const text of texts) server.enqueue({ kind: "text", text });
    for (const text of texts) expect((await model().chat(USER)).text).toBe(text);
  });

  it("posts a non-streaming /api/chat with json format, keep_alive and sampling options", async () => {
    server.enqueue({ kind: "text", text: "{}" });
    await model().chat(USER, {
      json: true,
      temperature: 0.7,
      topP: 0.9,
      maxTokens: 64,
      seed: 11,
      stop: ["\n\n"],
    });
    const [req] = server.chatRequests();
    expect(req?.path).toBe("/api/chat");
    expect(req?.body).toMatchObject({
      model: "llama3.2:3b",
      stream: false,
      format: "json",
      keep_alive: "15m",
      messages: USER,
      options: {
        temperature: 0.7,
        top_p: 0.9,
        num_predict: 64,
        seed: 11,
        stop: ["\n\n", ...END_OF_TURN_MARKERS],
      },
    });
  });

  it("omits format when JSON is not requested", async () => {
    server.enqueue({ kind: "text", text: "plain" });
    await model().chat(USER);
    expect(server.chatRequests()[0]?.body).not.toHaveProperty("format");
  });

  it("maps 500 and 429 (with Retry-After) to http errors", async () => {
    server.enqueue(
      { kind: "error", status: 500, message: "model crashed" },
      { kind: "error", status: 429, message: "busy", headers: { "retry-after": "2" } },
    );
    const e500 = await chatFailure(model().chat(USER));
    expect([e500.kind, e500.status, e500.retryable]).toEqual(["http", 500, true]);
    expect(e500.message).toContain("model crashed");
    const e429 = await chatFailure(model().chat(USER));
    expect([e429.kind, e429.status, e429.retryAfterMs]).toEqual(["http", 429, 2000]);
  });

  it("maps a missing model (404) to a non-retryable http error", async () => {
    server.enqueue({ kind: "error", status: 404, message: 'model "nope" not found, try pulling it first' });
    const err = await chatFailure(model().chat(USER));
    expect([err.kind, err.status, err.retryable]).toEqual(["http", 404, false]);
  });

  it("times out a slow reply even though the client has no signal option for non-streaming chat", async () => {
    server.enqueue({ kind: "text", text: "late", delayMs: 10_000 });
    const err = await chatFailure(model(200).chat(USER));
    expect(err.kind).toBe("timeout");
    await expect.poll(() => server.chatRequests()[0]?.aborted).toBe(true);
  });

  it("maps dropped connections to network errors", async () => {
    server.enqueue({ kind: "drop", when: "before_headers" }, { kind: "drop", when: "mid_body" });
    expect((await chatFailure(model().chat(USER))).kind).toBe("network");
    expect((await chatFailure(model().chat(USER))).kind).toBe("network");
  });

  it("maps malformed bodies and replies without a message to bad_response", async () => {
    server.enqueue(
      { kind: "raw", status: 200, contentType: "application/json", body: "{not json" },
      { kind: "raw", status: 200, contentType: "application/json", body: '{"done":true}' },
    );
    expect((await chatFailure(model().chat(USER))).kind).toBe("bad_response");
    expect((await chatFailure(model().chat(USER))).kind).toBe("bad_response");
  });

  it("identifies itself by backend and tag", () => {
    expect(model().id).toBe("ollama:llama3.2:3b");
  });
});
