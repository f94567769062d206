/**
 * Exponential backoff with "equal jitter" (half fixed, half random) so synchronized
 * retries from several sessions spread out. A server's Retry-After wins when it is
 * longer; when it exceeds `retryAfterCapMs` the retry is not worth waiting for.
 */
export interface BackoffPolicy {
  backoffBaseMs: number;
  backoffMaxMs: number;
  retryAfterCapMs: number;
}

/** Delay before retry number `retry` (1-based), or undefined when the server asks for too long. */
export function retryDelayMs(
  retry: number,
  retryAfterMs: number | undefined,
  policy: BackoffPolicy,
  rand: () => number,
): number | undefined {
  if (retryAfterMs !== undefined && retryAfterMs > policy.retryAfterCapMs) return undefined;
  const ceiling = Math.min(policy.backoffMaxMs, policy.backoffBaseMs * 2 ** (retry - 1));
  const jittered = Math.round(ceiling / 2 + (ceiling / 2) * clamp01(rand()));
  return Math.max(jittered, retryAfterMs ?? 0);
}

function clamp01(x: number): number {
  return Number.isFinite(x) ? Math.min(1, Math.max(0, x)) : 0;
}
