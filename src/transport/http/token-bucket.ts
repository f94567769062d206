export type Take = { ok: true } | { ok: false; retryAfterS: number };

/**
 * One token bucket per name (an API key): `ratePerS` tokens a second, holding at most one
 * second's worth (at least one), so a key may burst to its rate and sustain it, never more.
 * The clock is handed in; nothing here reads the time itself.
 */
export class TokenBuckets {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();
  private readonly burst: number;

  constructor(
    private readonly ratePerS: number,
    private readonly now: () => number,
    /** The most a name may take at once; one second's worth (at least one) unless given. */
    burst?: number,
  ) {
    this.burst = burst ?? Math.max(1, ratePerS);
  }

  take(name: string): Take {
    const t = this.now();
    const b = this.buckets.get(name) ?? { tokens: this.burst, at: t };
    b.tokens = Math.min(this.burst, b.tokens + ((t - b.at) / 1000) * this.ratePerS);
    b.at = t;
    this.buckets.set(name, b);
    if (b.tokens >= 1) {
      b.tokens -= 1;
      return { ok: true };
    }
    // Retry-After counts whole seconds; round up so a client that waits it out gets through.
    return { ok: false, retryAfterS: Math.max(1, Math.ceil((1 - b.tokens) / this.ratePerS)) };
  }
}
