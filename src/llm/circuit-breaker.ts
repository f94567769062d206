/**
 * Consecutive-failure breaker. After `failures` failed backend calls in a row it opens
 * for `cooldownMs`; then exactly one trial call is let through (half-open). The trial's
 * outcome closes it or re-opens it for another cooldown. Time comes from the injected clock.
 */
export type BreakerState = "closed" | "open" | "half_open";

export class CircuitBreaker {
  private consecutive = 0;
  private openedAt: number | undefined;
  private trialInFlight = false;

  constructor(
    private readonly failures: number,
    private readonly cooldownMs: number,
    private readonly now: () => number,
  ) {}

  state(): BreakerState {
    if (this.openedAt === undefined) return "closed";
    return this.now() - this.openedAt >= this.cooldownMs ? "half_open" : "open";
  }

  /** Would a call be let through right now? Does not claim the half-open trial. */
  canPass(): boolean {
    const state = this.state();
    return state === "closed" || (state === "half_open" && !this.trialInFlight);
  }

  /** Claims permission for one backend call. */
  tryPass(): boolean {
    if (!this.canPass()) return false;
    if (this.state() === "half_open") this.trialInFlight = true;
    return true;
  }

  success(): void {
    this.consecutive = 0;
    this.openedAt = undefined;
    this.trialInFlight = false;
  }

  failure(): void {
    this.consecutive += 1;
    const wasTrial = this.trialInFlight;
    this.trialInFlight = false;
    if (wasTrial || this.consecutive >= this.failures) this.openedAt = this.now();
  }

  /** The call ended without telling us anything about backend health (caller abort). */
  abandon(): void {
    this.trialInFlight = false;
  }

  consecutiveFailures(): number {
    return this.consecutive;
  }

  openForMs(): number {
    if (this.state() !== "open" || this.openedAt === undefined) return 0;
    return this.cooldownMs - (this.now() - this.openedAt);
  }
}
