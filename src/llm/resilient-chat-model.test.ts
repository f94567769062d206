import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { ChatModel } from "../../env/chat-model";
import { createHfChatModel } from "./hf-chat-model";
import { createOllamaChatModel } from "./ollama-chat-model";
import { type ChatCallRecord, type ResiliencePolicyInput, withResilience } from "./resilient-chat-model";
import { chatFailure } from "./testing/chat-failure";
import { startFakeOllamaServer } from "./testing/fake-ollama-server";
import { startFakeOpenAiServer } from "./testing/fake-openai-server";
import type { ScriptedServer } from "./testing/scripted-http-server";

const TOKEN = "hf_ResilienceSecretToken987654";
const USER = [{ role: "user" as const, content: "How much for the brass lamp?" }];
const NOON = Date.UTC(2025, 4, 10, 12, 0, 0);

interface Backend {
  name: string;
  start(): Promise<ScriptedServer>;
  make(url: string): ChatModel;
}

const backends: Backend[] = [
  {
    name: "hf",
    start: () => startFakeOpenAiServer(),
    make: (url) => createHfChatModel({ endpointUrl: url, model: "fake-org/fake-chat", token: TOKEN }),
  },
  {
    name: "ollama",
    start: () => startFakeOllamaServer(),
    make: (url) => createOllamaChatModel({ host: url, model: "llama3.2:3b" }),
  },
];

describe.each(backends)("withResilience over the real $name client", (backend) => {
  let server: ScriptedServer;
  let clock: number;
  let records: ChatCallRecord[];

  beforeAll(async () => {
    server = await backend.start();
  });
  afterAll(async () => {
    await server.close();
  });
  beforeEach(() => {
    server.reset();
    clock = NOON;
    records = [];
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  // Short backoffs keep real-timer retries quick; their lengths are tested under fake timers.
  function wrapped(policy: ResiliencePolicyInput = {}) {
    return withResilience(
      backend.make(server.url),
      { backoffBaseMs: 4, backoffMaxMs: 8, ...policy },
      { now: () => clock, onCall: (r) => records.push(r) },
    );
  }

  it("passes a good reply through and records usage, latency and the attempt", async () => {
    server.enqueue({
      kind: "text",
      text: '{"action":"offer","price":30}',
      usage: { promptTokens: 50, completionTokens: 8 },
    });
    const model = wrapped();
    const result = await model.chat(USER, { temperature: 0.7, maxTokens: 64, stop: ["\nSeller:"] });
    expect(result.text).toBe('{"action":"offer","price":30}');
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({
      ok: true,
      attempt: 1,
      promptTokens: 50,
      completionTokens: 8,
      at: NOON,
    });
    expect(records[0]?.model).toMatch(new RegExp(`^${backend.name}:`));
    expect(records[0]?.latencyMs).toBeGreaterThanOrEqual(0);
    expect(model.stats().lifetime).toMatchObject({
      calls: 1,
      attempts: 1,
      ok: 1,
      promptTokens: 50,
      completionTokens: 8,
    });
    const body = JSON.stringify(server.chatRequests()[0]?.body);
    expect(body).toContain('"\\nSeller:"');
    expect(body).toContain("<|eot_id|>");
    expect(body).toContain("0.7");
    expect(body).toContain("64");
  });

  it("retries a 500 once and succeeds, recording both attempts", async () => {
    server.enqueue({ kind: "error", status: 500, message: "hiccup" }, { kind: "text", text: "ok" });
    const model = wrapped();
    expect((await model.chat(USER)).text).toBe("ok");
    expect(records.map((r) => [r.attempt, r.ok, r.errorKind])).toEqual([
      [1, false, "http"],
      [2, true, undefined],
    ]);
    expect(server.chatRequests()).toHaveLength(2);
    expect(model.stats().lifetime.retries).toBe(1);
  });

  it("retries a 429 whose Retry-After fits the budget", async () => {
    server.enqueue(
      { kind: "error", status: 429, message: "slow down", headers: { "retry-after": "0" } },
      { kind: "text", text: "ok" },
    );
    expect((await wrapped().chat(USER)).text).toBe("ok");
    expect(records.map((r) => r.errorKind)).toEqual(["http", undefined]);
  });

  it("gives up at once when Retry-After exceeds the cap", async () => {
    server.enqueue({
      kind: "error",
      status: 429,
      message: "come back later",
      headers: { "retry-after": "120" },
    });
    const err = await chatFailure(wrapped().chat(USER));
    expect([err.kind, err.status]).toEqual(["http", 429]);
    expect(server.chatRequests()).toHaveLength(1);
  });

  it("does not retry a reply it cannot read", async () => {
    server.enqueue({ kind: "raw", status: 200, contentType: "application/json", body: "{oops" });
    expect((await chatFailure(wrapped().chat(USER))).kind).toBe("bad_response");
    expect(server.chatRequests()).toHaveLength(1);
  });

  it("opens the breaker after consecutive failures, fails fast, then half-opens after the cooldown", async () => {
    // cockatiel times the cooldown with Date.now; faking only Date leaves sockets and timers real.
    vi.useFakeTimers({ toFake: ["Date"], now: NOON });
    const advance = (ms: number): void => {
      vi.setSystemTime(Date.now() + ms);
    };
    server.setFallback({ kind: "error", status: 500, message: "down" });
    const model = wrapped({ retries: 0, breaker: { failures: 3, cooldownMs: 60_000 } });
    for (let i = 0; i < 3; i++) expect((await chatFailure(model.chat(USER))).kind).toBe("http");
    expect(model.stats().breaker.state).toBe("open");
    const blocked = await chatFailure(model.chat(USER));
    expect([blocked.kind, blocked.retryable]).toEqual(["circuit_open", false]);
    expect(server.chatRequests()).toHaveLength(3);
    expect(records.at(-1)).toMatchObject({ ok: false, errorKind: "circuit_open" });

    advance(59_999);
    expect(model.stats().breaker).toMatchObject({ state: "open", openForMs: 1 });
    advance(1);
    expect(model.stats().breaker.state).toBe("half_open");
    expect((await chatFailure(model.chat(USER))).kind).toBe("http");
    expect(model.stats().breaker.state).toBe("open");
    expect(model.stats().breaker.openForMs).toBe(60_000);

    advance(60_000);
    server.setFallback({ kind: "text", text: "back" });
    expect((await model.chat(USER)).text).toBe("back");
    expect(model.stats().breaker).toMatchObject({ state: "closed", consecutiveFailures: 0 });
    expect(model.stats().lifetime.blocked.circuit_open).toBe(1);
  });

  it("stops retrying once the breaker opens mid-call", async () => {
    server.setFallback({ kind: "error", status: 503, message: "overloaded" });
    const model = wrapped({ retries: 5, breaker: { failures: 2 } });
    expect((await chatFailure(model.chat(USER))).status).toBe(503);
    expect(server.chatRequests()).toHaveLength(2);
  });

  it("times out a slow reply within the budget, without retrying, and drops the socket", async () => {
    server.enqueue({ kind: "text", text: "too late", delayMs: 10_000 });
    const err = await chatFailure(wrapped({ timeoutMs: 300 }).chat(USER));
    expect([err.kind, err.callerAborted]).toEqual(["timeout", false]);
    expect(server.chatRequests()).toHaveLength(1);
    await expect.poll(() => server.chatRequests()[0]?.aborted).toBe(true);
  });

  it("retries a dropped connection and reports network when every attempt drops", async () => {
    server.enqueue({ kind: "drop", when: "before_headers" }, { kind: "drop", when: "mid_body" });
    const err = await chatFailure(wrapped({ retries: 1 }).chat(USER));
    expect(err.kind).toBe("network");
    expect(records.map((r) => r.errorKind)).toEqual(["network", "network"]);
  });

  it("enforces the daily cap per attempt and resets at UTC midnight", async () => {
    server.setFallback({ kind: "text", text: "ok" });
    const model = wrapped({ dailyCap: 2 });
    await model.chat(USER);
    await model.chat(USER);
    const err = await chatFailure(model.chat(USER));
    expect(err.kind).toBe("daily_cap");
    expect(server.chatRequests()).toHaveLength(2);
    expect(model.stats().daily).toEqual({ utcDate: "2025-05-10", calls: 2, cap: 2 });
    clock = Date.UTC(2025, 4, 11, 0, 0, 1);
    expect((await model.chat(USER)).text).toBe("ok");
    expect(model.stats().daily.calls).toBe(1);
  });

  it("queues up to maxQueue callers and refuses the rest with kind concurrency", async () => {
    server.enqueue({ kind: "text", text: "first", delayMs: 100 }, { kind: "text", text: "second" });
    const model = wrapped({ maxConcurrent: 1, maxQueue: 1 });
    const a = model.chat(USER);
    const b = model.chat(USER);
    const c = chatFailure(model.chat(USER));
    expect(model.stats()).toMatchObject({ inflight: 1, queued: 1 });
    expect((await c).kind).toBe("concurrency");
    expect((await a).text).toBe("first");
    expect((await b).text).toBe("second");
    expect(model.stats()).toMatchObject({ inflight: 0, queued: 0 });
    expect(model.stats().lifetime.blocked.concurrency).toBe(1);
  });

  it("times out a caller still waiting in the queue without sending its request", async () => {
    server.enqueue({ kind: "text", text: "slow", delayMs: 10_000 });
    const model = wrapped({ maxConcurrent: 1 });
    const holder = new AbortController();
    const first = chatFailure(model.chat(USER, { signal: holder.signal }));
    const second = await chatFailure(model.chat(USER, { timeoutMs: 200 }));
    expect([second.kind, second.callerAborted]).toEqual(["timeout", false]);
    // cockatiel's bulkhead drops a cancelled waiter only when a slot frees, so it still counts as queued.
    expect(model.stats()).toMatchObject({ inflight: 1, queued: 1 });
    holder.abort();
    expect((await first).callerAborted).toBe(true);
    await expect.poll(() => model.stats()).toMatchObject({ inflight: 0, queued: 0 });
    expect(server.chatRequests()).toHaveLength(1);
  });

  it("does not count a caller abort against the breaker", async () => {
    server.enqueue({ kind: "text", text: "never", delayMs: 10_000 });
    const model = wrapped({ breaker: { failures: 1 } });
    const controller = new AbortController();
    const pending = chatFailure(model.chat(USER, { signal: controller.signal }));
    setTimeout(() => controller.abort(), 30);
    const err = await pending;
    expect([err.kind, err.callerAborted]).toEqual(["timeout", true]);
    expect(model.stats().breaker.state).toBe("closed");
  });
});

describe("withResilience and secrets", () => {
  let server: ScriptedServer;
  beforeAll(async () => {
    server = await startFakeOpenAiServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it("keeps the HF token out of errors, records and stats", async () => {
    server.enqueue({ kind: "echo_auth", status: 401 });
    const records: ChatCallRecord[] = [];
    const model = withResilience(
      createHfChatModel({ endpointUrl: server.url, token: TOKEN }),
      {},
      { now: Date.now, onCall: (r) => records.push(r) },
    );
    const err = await chatFailure(model.chat(USER));
    expect(err.status).toBe(401);
    for (const text of [
      err.message,
      String(err.stack),
      JSON.stringify(records),
      JSON.stringify(model.stats()),
    ]) {
      expect(text).not.toContain(TOKEN);
    }
  });

  it("enforces the deadline even when the inner model ignores its signal", async () => {
    const deaf: ChatModel = { id: "deaf:model", chat: () => new Promise(() => {}) };
    const model = withResilience(deaf, { timeoutMs: 200 }, { now: Date.now });
    const err = await chatFailure(model.chat(USER));
    expect([err.kind, err.message]).toEqual(["timeout", "deaf:model: no reply within 200 ms"]);
    await expect
      .poll(() => model.stats())
      .toMatchObject({ inflight: 0, breaker: { consecutiveFailures: 1 } });
  });

  it("reports a foreign error from an inner model as a non-retryable bad_response", async () => {
    let calls = 0;
    const odd: ChatModel = {
      id: "odd:model",
      chat: async () => {
        calls += 1;
        throw new RangeError("weird");
      },
    };
    const err = await chatFailure(withResilience(odd, {}, { now: Date.now }).chat(USER));
    expect([err.kind, err.retryable, calls]).toEqual(["bad_response", false, 1]);
  });

  it("rejects nonsensical policies", () => {
    const inner = createHfChatModel({ endpointUrl: server.url });
    const deps = { now: Date.now };
    expect(() => withResilience(inner, { timeoutMs: 0 }, deps)).toThrow(/timeoutMs/);
    expect(() => withResilience(inner, { retries: -1 }, deps)).toThrow(/negative/);
  });
});
