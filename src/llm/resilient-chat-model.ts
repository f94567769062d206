import type { ChatMessage, ChatModel, ChatOptions, ChatResult } from "../../env/chat-model";
import { type BackoffPolicy, retryDelayMs } from "./backoff";
import { startDeadline } from "./call-deadline";
import { ChatError, type ChatErrorKind } from "./chat-error";
import { type BreakerState, CircuitBreaker } from "./circuit-breaker";
import { ConcurrencyGate } from "./concurrency-gate";
import { type DailyCount, DailyCounter } from "./daily-counter";

/**
 * Wraps any ChatModel with the safety gates of REFERENCE §11, applied to every metered
 * backend (D33): daily cap, circuit breaker, bounded concurrency, retries with backoff and
 * a single deadline that covers queueing, every attempt and the sleeps between them — so a
 * call never outlives `timeoutMs` (OPENENV §1.6 wants every step well under 60 s).
 *
 * Concurrency: up to `maxConcurrent` calls run; up to `maxQueue` more wait (still bounded by
 * their deadline); beyond that a call fails at once with kind "concurrency".
 */
export interface ResiliencePolicy extends BackoffPolicy {
  timeoutMs: number;
  retries: number;
  breaker: { failures: number; cooldownMs: number };
  maxConcurrent: number;
  maxQueue: number;
  dailyCap: number;
}

export const DEFAULT_RESILIENCE_POLICY: ResiliencePolicy = {
  timeoutMs: 20_000,
  retries: 2,
  backoffBaseMs: 250,
  backoffMaxMs: 4_000,
  retryAfterCapMs: 10_000,
  breaker: { failures: 3, cooldownMs: 300_000 },
  maxConcurrent: 4,
  maxQueue: 16,
  dailyCap: 1_500,
};

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

export interface ResilienceDeps {
  now(): number;
  sleep(ms: number): Promise<void>;
  /** Uniform [0, 1) for backoff jitter. */
  rand?(): number;
  onCall?(record: ChatCallRecord): void;
  /** Today's count from persistent storage; ignored when it is for another UTC date. */
  restoredDaily?: DailyCount;
}

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

export type ResiliencePolicyInput = Partial<Omit<ResiliencePolicy, "breaker">> & {
  breaker?: Partial<ResiliencePolicy["breaker"]>;
};

export function resolvePolicy(input: ResiliencePolicyInput = {}): ResiliencePolicy {
  const policy: ResiliencePolicy = {
    ...DEFAULT_RESILIENCE_POLICY,
    ...input,
    breaker: { ...DEFAULT_RESILIENCE_POLICY.breaker, ...input.breaker },
  };
  const positive = {
    timeoutMs: policy.timeoutMs,
    maxConcurrent: policy.maxConcurrent,
    failures: policy.breaker.failures,
  };
  for (const [name, value] of Object.entries(positive)) {
    if (!(Number.isInteger(value) && value > 0))
      throw new Error(`resilience policy: ${name} must be a positive integer`);
  }
  if (policy.retries < 0 || policy.maxQueue < 0 || policy.dailyCap < 0) {
    throw new Error("resilience policy: retries, maxQueue and dailyCap must not be negative");
  }
  return policy;
}

export function withResilience(
  inner: ChatModel,
  policyInput: ResiliencePolicyInput,
  deps: ResilienceDeps,
): ResilientChatModel {
  const policy = resolvePolicy(policyInput);
  const rand = deps.rand ?? Math.random;
  const breaker = new CircuitBreaker(policy.breaker.failures, policy.breaker.cooldownMs, deps.now);
  const daily = new DailyCounter(policy.dailyCap, deps.now, deps.restoredDaily);
  const gate = new ConcurrencyGate(policy.maxConcurrent, policy.maxQueue);
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

  const record = (entry: Omit<ChatCallRecord, "model"> & { model?: string }): void => {
    deps.onCall?.({ ...entry, model: entry.model ?? inner.id });
  };

  const refuse = (kind: "daily_cap" | "circuit_open" | "concurrency", attempt: number): ChatError => {
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
    // Gate order of §11: daily cap, breaker, concurrency — checked before anything waits.
    if (daily.remaining() <= 0) throw refuse("daily_cap", 1);
    if (!breaker.canPass()) throw refuse("circuit_open", 1);
    const ticket = gate.admit();
    if (!ticket) throw refuse("concurrency", 1);

    const timeoutMs = options.timeoutMs ?? policy.timeoutMs;
    const startedAt = deps.now();
    const deadline = startDeadline(timeoutMs, options.signal);
    const settle = (err: unknown): ChatError => {
      if (deadline.callerAborted()) {
        return new ChatError({
          kind: "timeout",
          message: `${inner.id}: call aborted by caller`,
          callerAborted: true,
        });
      }
      if (deadline.timedOut()) {
        return new ChatError({ kind: "timeout", message: `${inner.id}: no reply within ${timeoutMs} ms` });
      }
      if (err instanceof ChatError) return err;
      const text = err instanceof Error ? err.message : String(err);
      return new ChatError({ kind: "bad_response", message: `${inner.id}: ${text}` });
    };

    try {
      await untilAborted(ticket.ready, deadline.signal).catch((err: unknown) => {
        throw settle(err);
      });
      for (let attempt = 1; ; attempt++) {
        // A slot handed over just as the deadline fires must not start a doomed request.
        if (deadline.signal.aborted) throw settle(deadline.signal.reason);
        if (!daily.tryTake()) throw refuse("daily_cap", attempt);
        if (!breaker.tryPass()) throw refuse("circuit_open", attempt);
        lifetime.attempts += 1;
        if (attempt > 1) lifetime.retries += 1;
        const at = deps.now();
        const remaining = Math.max(1, timeoutMs - (at - startedAt));
        try {
          const result = await untilAborted(
            inner.chat(messages, { ...options, signal: deadline.signal, timeoutMs: remaining }),
            deadline.signal,
          );
          breaker.success();
          lifetime.ok += 1;
          lifetime.promptTokens += result.usage?.promptTokens ?? 0;
          lifetime.completionTokens += result.usage?.completionTokens ?? 0;
          record({
            model: result.model,
            ok: true,
            latencyMs: result.latencyMs,
            promptTokens: result.usage?.promptTokens ?? 0,
            completionTokens: result.usage?.completionTokens ?? 0,
            attempt,
            at,
          });
          return result;
        } catch (raw) {
          const err = settle(raw);
          lifetime.failed += 1;
          record({
            ok: false,
            errorKind: err.kind,
            latencyMs: deps.now() - at,
            promptTokens: 0,
            completionTokens: 0,
            attempt,
            at,
          });
          if (err.callerAborted) {
            breaker.abandon();
            throw err;
          }
          breaker.failure();
          if (!err.retryable || attempt > policy.retries || !breaker.canPass()) throw err;
          const delay = retryDelayMs(attempt, err.retryAfterMs, policy, rand);
          if (delay === undefined || deps.now() - startedAt + delay >= timeoutMs) throw err;
          await untilAborted(deps.sleep(delay), deadline.signal).catch((sleepErr: unknown) => {
            throw settle(sleepErr);
          });
        }
      }
    } finally {
      ticket.leave();
      deadline.dispose();
    }
  }

  function stats(): ResilienceStats {
    return {
      id: inner.id,
      daily: daily.snapshot(),
      inflight: gate.inFlight(),
      queued: gate.queued(),
      maxConcurrent: policy.maxConcurrent,
      maxQueue: policy.maxQueue,
      breaker: {
        state: breaker.state(),
        consecutiveFailures: breaker.consecutiveFailures(),
        openForMs: breaker.openForMs(),
      },
      lifetime: structuredClone(lifetime),
    };
  }

  return { id: inner.id, chat, stats };
}

/** Settles with `work`, or rejects as soon as `signal` aborts (for inners that ignore signals). */
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
