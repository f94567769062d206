import type { BackoffPolicy } from "./retry-after-backoff";

/**
 * The knobs of the safety gates of REFERENCE §11 around every metered backend (D33).
 * `timeoutMs` is one deadline over queueing, every attempt and the sleeps between them, so
 * a call never outlives it (OPENENV §1.6 wants every step well under 60 s).
 */
export interface ResiliencePolicy extends BackoffPolicy {
  timeoutMs: number;
  retries: number;
  /** A Retry-After longer than this is not worth waiting for: the call fails at once. */
  retryAfterCapMs: number;
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
