import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ChatModel, ChatResult } from "../../env/chat-model";
import { ChatError } from "./chat-error";
import { type ResiliencePolicyInput, withResilience } from "./resilient-chat-model";
import { chatFailure } from "./testing/chat-failure";

/**
 * The waits of the resilience layer (backoff, Retry-After, cooldown, deadline) run on
 * cockatiel's timers and Date.now, so these tests fake the clock and drive an in-memory
 * backend whose script says how each attempt ends.
 */
const USER = [{ role: "user" as const, content: "Is the carpet still for sale?" }];
type Step = ChatError | string | Promise<string>;

const busy = (retryAfterMs?: number) =>
  new ChatError({ kind: "http", status: retryAfterMs ? 429 : 503, message: "busy", retryAfterMs });

/** A backend that plays `steps` in order and notes the clock at the start of each call. */
function scripted(steps: Step[]): ChatModel & { calls: number[] } {
  const calls: number[] = [];
  return {
    id: "script:model",
    calls,
    chat: async (): Promise<ChatResult> => {
      calls.push(Date.now());
      const step = steps.shift() ?? new ChatError({ kind: "bad_response", message: "script exhausted" });
      if (step instanceof ChatError) throw step;
      return { text: await step, usage: null, latencyMs: 0, model: "script:model" };
    },
  };
}

function gated(inner: ChatModel, policy: ResiliencePolicyInput = {}) {
  return withResilience(inner, policy, { now: Date.now });
}

describe("withResilience on a fake clock", () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: Date.UTC(2025, 4, 10, 12) });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("sleeps an exponentially growing, half-jittered backoff between attempts", async () => {
    const inner = scripted([busy(), busy(), "ok"]);
    const pending = gated(inner, { retries: 2, backoffBaseMs: 250, backoffMaxMs: 4_000 }).chat(USER);
    await vi.advanceTimersByTimeAsync(1_000);
    expect((await pending).text).toBe("ok");
    const [first = 0, second = 0, third = 0] = inner.calls;
    expect(second - first).toBeGreaterThanOrEqual(125);
    expect(second - first).toBeLessThanOrEqual(250);
    expect(third - second).toBeGreaterThanOrEqual(250);
    expect(third - second).toBeLessThanOrEqual(500);
  });

  it("waits out a Retry-After longer than the backoff, to the millisecond", async () => {
    const inner = scripted([busy(3_000), "ok"]);
    const pending = gated(inner).chat(USER);
    await vi.advanceTimersByTimeAsync(2_999);
    expect(inner.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(inner.calls).toHaveLength(2);
    expect((await pending).text).toBe("ok");
  });

  it("fails at once with the server's own error when its Retry-After would outrun the deadline", async () => {
    const inner = scripted([busy(6_000), "ok"]);
    const err = await chatFailure(gated(inner, { timeoutMs: 5_000 }).chat(USER));
    expect([err.kind, err.status]).toEqual(["http", 429]);
    expect(inner.calls).toHaveLength(1);
  });

  it("ends the call at its deadline during a backoff and never starts the doomed attempt", async () => {
    const inner = scripted([busy(), "too late"]);
    const model = gated(inner, { timeoutMs: 1_000, backoffBaseMs: 4_000, backoffMaxMs: 4_000 });
    const pending = chatFailure(model.chat(USER));
    await vi.advanceTimersByTimeAsync(1_000);
    const err = await pending;
    expect([err.kind, err.callerAborted, err.message]).toEqual([
      "timeout",
      false,
      "script:model: no reply within 1000 ms",
    ]);
    await vi.advanceTimersByTimeAsync(4_000);
    expect(inner.calls).toHaveLength(1);
    expect(model.stats()).toMatchObject({ inflight: 0, lifetime: { attempts: 1, retries: 0 } });
  });

  it("lets exactly one trial through when half-open and refuses other callers meanwhile", async () => {
    let answer: (text: string) => void = () => {};
    const trial = new Promise<string>((resolve) => {
      answer = resolve;
    });
    const inner = scripted([busy(), trial]);
    const model = gated(inner, { retries: 0, breaker: { failures: 1, cooldownMs: 10_000 } });
    expect((await chatFailure(model.chat(USER))).kind).toBe("http");
    expect((await chatFailure(model.chat(USER))).kind).toBe("circuit_open");

    vi.setSystemTime(Date.now() + 10_000);
    const probing = model.chat(USER);
    expect(model.stats().breaker.state).toBe("half_open");
    expect((await chatFailure(model.chat(USER))).kind).toBe("circuit_open");
    answer("recovered");
    expect((await probing).text).toBe("recovered");
    expect(model.stats().breaker).toMatchObject({ state: "closed", consecutiveFailures: 0 });
    expect(inner.calls).toHaveLength(2);
  });
  it("after a half-open trial its caller abandoned, the next failure reopens the breaker at once", async () => {
    const inner = scripted([busy(), new Promise<string>(() => {}), busy(), "ok"]);
    const model = gated(inner, { retries: 0, breaker: { failures: 1, cooldownMs: 10_000 } });
    await chatFailure(model.chat(USER));
    vi.setSystemTime(Date.now() + 10_000);
    const caller = new AbortController();
    const abandoned = chatFailure(model.chat(USER, { signal: caller.signal }));
    caller.abort();
    expect((await abandoned).callerAborted).toBe(true);
    // cockatiel closes the breaker on an outcome it was not told to count, but the failure count stays.
    await expect.poll(() => model.stats().breaker).toMatchObject({ state: "closed", consecutiveFailures: 1 });
    expect((await chatFailure(model.chat(USER))).kind).toBe("http");
    expect(model.stats().breaker.state).toBe("open");
    expect(inner.calls).toHaveLength(3);
  });
});
