import {
  bulkhead,
  CircuitState,
  ConsecutiveBreaker,
  circuitBreaker,
  handleWhen,
  isBrokenCircuitError,
  isBulkheadRejectedError,
  retry,
  TaskCancelledError,
  TimeoutStrategy,
  timeout,
  wrap,
} from "cockatiel";
import type { ChatMessage, ChatModel, ChatOptions, ChatResult } from "../../env/chat-model";
import { ChatError, type ChatErrorKind } from "./chat-error";
import { type DailyCount, DailyCounter } from "./daily-counter";
import { type ResiliencePolicyInput, resolvePolicy } from "./resilience-policy";
import { retryAfterBackoff } from "./retry-after-backoff";

export {
  DEFAULT_RESILIENCE_POLICY,
  type ResiliencePolicy,
  type ResiliencePolicyInput,
  resolvePolicy,
} from "./resilience-policy";

/**
 * Wraps any ChatModel with the safety gates of REFERENCE §11, applied to every metered
 * backend (D33), built from cockatiel policies: one deadline (aggressive timeout) around a
 * bulkhead and retries with backoff, each attempt passing the daily cap and then a
 * consecutive-failure circuit breaker. Our own part is the persisted UTC-day cap, the
 * Retry-After rule, the ChatError vocabulary and the call records.
 *
 * Gate order of §11, checked before anything waits: daily cap, breaker, concurrency. Up to
 * `maxConcurrent` calls run; up to `maxQueue` more wait (still bounded by their deadline);
 * beyond that a call fails at once with kind "concurrency".
 */
export interface ChatCallRecord {
  model: string;
  ok: boolean;
  errorKind?: ChatErrorKind;
  latencyMs: number;
  promptTokens: number;
  completionTokens: number;
  /** 1-based backend attempt within the call; gate refusals carry the attempt they blocked. */
  attempt: number;
  at: number;
}

/**
 * `now` drives the daily counter and record timestamps. Retry sleeps, the deadline and the
 * breaker cooldown run on cockatiel's timers and Date.now (tests fake those with vi.useFakeTimers).
 */
export interface ResilienceDeps {
  now(): number;
  onCall?(record: ChatCallRecord): void;
  /** Today's count from persistent storage; ignored when it is for another UTC date. */
  restoredDaily?: DailyCount;
}

export type BreakerState = "closed" | "open" | "half_open";

export interface ResilienceStats {
  id: string;
  daily: { utcDate: string; calls: number; cap: number };
  inflight: number;
  queued: number;
  maxConcurrent: number;
  maxQueue: number;
  breaker: { state: BreakerState; consecutiveFailures: number; openForMs: number };
  lifetime: {
    calls: number;
    attempts: number;
    ok: number;
    failed: number;
    retries: number;
    promptTokens: number;
    completionTokens: number;
    blocked: { daily_cap: number; circuit_open: number; concurrency: number };
  };
}

export interface ResilientChatModel extends ChatModel {
  stats(): ResilienceStats;
}

type GateKind = "daily_cap" | "circuit_open" | "concurrency";
const GATE_KINDS: ReadonlySet<ChatErrorKind> = new Set<GateKind>([
  "daily_cap",
  "circuit_open",
  "concurrency",
]);

/** Only what the backend did counts against it: not our own refusals, not a caller walking away. */
function isBackendFailure(err: unknown): boolean {
  return err instanceof ChatError && !err.callerAborted && !GATE_KINDS.has(err.kind);
}

export function withResilience(
  inner: ChatModel,
  policyInput: ResiliencePolicyInput,
  deps: ResilienceDeps,
): ResilientChatModel {
  const policy = resolvePolicy(policyInput);
  const daily = new DailyCounter(policy.dailyCap, deps.now, deps.restoredDaily);
  const consecutive = new ConsecutiveBreaker(policy.breaker.failures);
  const breaker = circuitBreaker(handleWhen(isBackendFailure), {
    halfOpenAfter: policy.breaker.cooldownMs,
    breaker: consecutive,
  });
  // cockatiel keeps when the breaker opened to itself; stats and the up-front gate need it.
  let openedAt = 0;
  breaker.onBreak(() => {
    openedAt = Date.now();
  });
  const gate = bulkhead(policy.maxConcurrent, policy.maxQueue);
  const backoff = retryAfterBackoff(policy);
  const lifetime: ResilienceStats["lifetime"] = {
    calls: 0,
    attempts: 0,
    ok: 0,
    failed: 0,
    retries: 0,
    promptTokens: 0,
    completionTokens: 0,
    blocked: { daily_cap: 0, circuit_open: 0, concurrency: 0 },
  };

  const breakerState = (): BreakerState => {
    if (breaker.state === CircuitState.Closed) return "closed";
    if (breaker.state === CircuitState.HalfOpen) return "half_open";
    return Date.now() - openedAt >= policy.breaker.cooldownMs ? "half_open" : "open";
  };

  const record = (entry: Omit<ChatCallRecord, "model"> & { model?: string }): void => {
    deps.onCall?.({ ...entry, model: entry.model ?? inner.id });
  };

  const refuse = (kind: GateKind, attempt: number): ChatError => {
    lifetime.blocked[kind] += 1;
    record({
      ok: false,
      errorKind: kind,
      latencyMs: 0,
      promptTokens: 0,
      completionTokens: 0,
      attempt,
      at: deps.now(),
    });
    const why = {
      daily_cap: `daily cap of ${policy.dailyCap} calls reached`,
      circuit_open: "circuit breaker open after repeated failures",
      concurrency: `more than ${policy.maxConcurrent} running and ${policy.maxQueue} waiting`,
    }[kind];
    return new ChatError({ kind, message: `${inner.id}: ${why}`, retryable: false });
  };

  async function chat(messages: ChatMessage[], options: ChatOptions = {}): Promise<ChatResult> {
    lifetime.calls += 1;
    if (daily.remaining() <= 0) throw refuse("daily_cap", 1);
    // cockatiel would queue a call behind a half-open trial; §11 refuses it like an open breaker.
    if (breaker.state === CircuitState.HalfOpen || breakerState() === "open") throw refuse("circuit_open", 1);

    const timeoutMs = options.timeoutMs ?? policy.timeoutMs;
    const startedAt = deps.now();
    let attempts = 0;

    /** The deadline's signal aborted for one of two reasons; errors must say which. */
    const settle = (err: unknown, attemptSignal?: AbortSignal): ChatError => {
      if (options.signal?.aborted) {
        return new ChatError({
          kind: "timeout",
          message: `${inner.id}: call aborted by caller`,
          callerAborted: true,
        });
      }
      // Not isTaskCancelledError: in cockatiel 3.2 it tests the bulkhead's brand instead.
      if (attemptSignal?.aborted || err instanceof TaskCancelledError) {
        return new ChatError({ kind: "timeout", message: `${inner.id}: no reply within ${timeoutMs} ms` });
      }
      if (err instanceof ChatError) return err;
      const text = err instanceof Error ? err.message : String(err);
      return new ChatError({ kind: "bad_response", message: `${inner.id}: ${text}` });
    };

    const worthRetrying = (err: Error): boolean => {
      if (!(err instanceof ChatError) || !err.retryable || err.callerAborted) return false;
      if (breaker.state !== CircuitState.Closed) return false;
      const wait = err.retryAfterMs ?? 0;
      return wait <= policy.retryAfterCapMs && deps.now() - startedAt + wait < timeoutMs;
    };

    /**
     * Our gates run before the breaker so that a refusal of ours never becomes the verdict of
     * a half-open trial (cockatiel closes the breaker on any error it was not told to count).
     */
    const attempt = async (signal: AbortSignal): Promise<ChatResult> => {
      // A slot handed over, or a backoff ending, just as the deadline fires must not start a doomed request.
      if (signal.aborted) throw new TaskCancelledError();
      if (!daily.tryTake()) throw refuse("daily_cap", attempts + 1);
      return breaker.execute(() => send(signal), signal);
    };

    const send = async (signal: AbortSignal): Promise<ChatResult> => {
      attempts += 1;
      const n = attempts;
      lifetime.attempts += 1;
      if (n > 1) lifetime.retries += 1;
      const at = deps.now();
      const remaining = Math.max(1, timeoutMs - (at - startedAt));
      try {
        const result = await untilAborted(
          inner.chat(messages, { ...options, signal, timeoutMs: remaining }),
          signal,
        );
        const promptTokens = result.usage?.promptTokens ?? 0;
        const completionTokens = result.usage?.completionTokens ?? 0;
        lifetime.ok += 1;
        lifetime.promptTokens += promptTokens;
        lifetime.completionTokens += completionTokens;
        record({
          model: result.model,
          ok: true,
          latencyMs: result.latencyMs,
          promptTokens,
          completionTokens,
          attempt: n,
          at,
        });
        return result;
      } catch (raw) {
        const err = settle(raw, signal);
        lifetime.failed += 1;
        const latencyMs = deps.now() - at;
        record({
          ok: false,
          errorKind: err.kind,
          latencyMs,
          promptTokens: 0,
          completionTokens: 0,
          attempt: n,
          at,
        });
        throw err;
      }
    };

    // One deadline over queueing, attempts and backoff sleeps; the breaker sits inside attempt().
    const policies = wrap(
      timeout(timeoutMs, TimeoutStrategy.Aggressive),
      gate,
      retry(handleWhen(worthRetrying), { maxAttempts: policy.retries, backoff }),
    );
    try {
      return await policies.execute(({ signal }) => attempt(signal), options.signal);
    } catch (err) {
      if (isBulkheadRejectedError(err)) throw refuse("concurrency", 1);
      if (isBrokenCircuitError(err)) throw refuse("circuit_open", attempts + 1);
      throw settle(err);
    }
  }

  function stats(): ResilienceStats {
    const state = breakerState();
    return {
      id: inner.id,
      daily: daily.snapshot(),
      inflight: policy.maxConcurrent - gate.executionSlots,
      queued: policy.maxQueue - gate.queueSlots,
      maxConcurrent: policy.maxConcurrent,
      maxQueue: policy.maxQueue,
      breaker: {
        state,
        consecutiveFailures: consecutive.state,
        openForMs: state === "open" ? policy.breaker.cooldownMs - (Date.now() - openedAt) : 0,
      },
      lifetime: structuredClone(lifetime),
    };
  }

  return { id: inner.id, chat, stats };
}

/**
 * Settles with `work`, or rejects as soon as `signal` aborts. cockatiel's aggressive timeout
 * frees the caller at once, but its bulkhead slot and breaker verdict wait for the inner
 * promise, which an inner model that ignores its signal would never settle.
 */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener("abort", onAbort);
        resolve(value);
      },
      (err: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(err);
      },
    );
  });
}
