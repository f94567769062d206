import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ChatError } from "./chat-error";
import { retryAfterBackoff } from "./retry-after-backoff";

const POLICY = { backoffBaseMs: 250, backoffMaxMs: 4_000 };
const signal = new AbortController().signal;

function failed(attempt: number, retryAfterMs?: number) {
  const error = new ChatError({ kind: "http", status: 503, message: "busy", retryAfterMs });
  return { attempt, signal, result: { error } };
}

/** The first `count` delays of one retry sequence. */
function delays(count: number, retryAfterMs?: number): number[] {
  let step = retryAfterBackoff(POLICY).next(failed(1, retryAfterMs));
  const out = [step.duration];
  for (let attempt = 2; attempt <= count; attempt++) {
    step = step.next(failed(attempt, retryAfterMs));
    out.push(step.duration);
  }
  return out;
}

describe("retryAfterBackoff", () => {
  it("doubles the ceiling per retry up to the maximum and stays within [ceiling/2, ceiling]", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 12 }), (count) => {
        delays(count).forEach((delay, i) => {
          const ceiling = Math.min(4_000, 250 * 2 ** i);
          expect(delay).toBeGreaterThanOrEqual(Math.floor(ceiling / 2));
          expect(delay).toBeLessThanOrEqual(ceiling);
        });
      }),
    );
  });

  it("waits at least as long as the server's Retry-After", () => {
    expect(delays(3, 3_000)).toEqual([3_000, 3_000, 3_000]);
    const [late] = delays(1, 100);
    expect(late).toBeGreaterThanOrEqual(125);
  });

  it("ignores failures that carry no Retry-After", () => {
    const step = retryAfterBackoff(POLICY).next({
      attempt: 1,
      signal,
      result: { error: new RangeError("x") },
    });
    expect(step.duration).toBeLessThanOrEqual(250);
  });
});
