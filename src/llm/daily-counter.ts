/**
 * Metered-call budget per UTC day. Every backend attempt takes one unit, so retries are
 * paid for (the original counted one slot that could issue two HTTP calls).
 */
export interface DailyCount {
  utcDate: string;
  calls: number;
}

export class DailyCounter {
  private date: string;
  private calls: number;

  constructor(
    private readonly cap: number,
    private readonly now: () => number,
    restored?: DailyCount,
  ) {
    this.date = utcDate(now());
    this.calls = restored && restored.utcDate === this.date ? restored.calls : 0;
  }

  remaining(): number {
    this.rollover();
    return Math.max(0, this.cap - this.calls);
  }

  tryTake(): boolean {
    if (this.remaining() <= 0) return false;
    this.calls += 1;
    return true;
  }

  snapshot(): DailyCount & { cap: number } {
    this.rollover();
    return { utcDate: this.date, calls: this.calls, cap: this.cap };
  }

  private rollover(): void {
    const today = utcDate(this.now());
    if (today !== this.date) {
      this.date = today;
      this.calls = 0;
    }
  }
}

export function utcDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}
