import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ChatResult } from "../../env/chat-model";
import { chatWithDeadline, type DeadlineCall } from "./chat-deadline";
import { abortCause } from "./classify-failure";

const USER = [{ role: "user" as const, content: "Last price?" }];

/** A send that waits for its signal and reports why it fired. */
function waitingSend(seen: DeadlineCall[]) {
  return (_messages: unknown, options: { signal?: AbortSignal }, call: DeadlineCall) => {
    seen.push(call);
    return new Promise<ChatResult>((_resolve, reject) => {
      call.signal.addEventListener("abort", () => reject(new Error(abortCause(call.signal, options.signal))));
    });
  };
}

describe("chatWithDeadline", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("fires the signal at the client's default deadline when the caller gives none", async () => {
    const seen: DeadlineCall[] = [];
    const pending = chatWithDeadline(5_000, waitingSend(seen))(USER).catch((e: Error) => e.message);
    await vi.advanceTimersByTimeAsync(4_999);
    expect(seen[0]?.signal.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect([await pending, seen[0]?.timeoutMs]).toEqual(["deadline", 5_000]);
  });

  it("uses the caller's timeout and tells its abort from the deadline", async () => {
    const seen: DeadlineCall[] = [];
    const controller = new AbortController();
    const chat = chatWithDeadline(5_000, waitingSend(seen));
    const pending = chat(USER, { timeoutMs: 800, signal: controller.signal }).catch((e: Error) => e.message);
    expect(seen[0]?.timeoutMs).toBe(800);
    controller.abort();
    expect(await pending).toBe("caller");
  });

  it("passes a reply through untouched", async () => {
    const reply: ChatResult = { text: "ok", usage: null, latencyMs: 1, model: "m" };
    expect(await chatWithDeadline(5_000, async () => reply)(USER)).toBe(reply);
  });
});
