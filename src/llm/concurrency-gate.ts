/**
 * At most `maxConcurrent` calls in flight; up to `maxQueue` more wait in FIFO order and
 * anything beyond that is refused at once, so a burst cannot pile up unbounded work.
 * A finishing call hands its slot straight to the oldest waiter.
 */
export interface GateTicket {
  /** Resolves when this call holds a slot. */
  readonly ready: Promise<void>;
  /** Gives the slot back, or leaves the queue if still waiting. Idempotent. */
  leave(): void;
}

interface Waiter {
  grant(): void;
}

export class ConcurrencyGate {
  private inflight = 0;
  private readonly waiters: Waiter[] = [];

  constructor(
    readonly maxConcurrent: number,
    readonly maxQueue: number,
  ) {}

  admit(): GateTicket | undefined {
    if (this.inflight < this.maxConcurrent) {
      this.inflight += 1;
      return this.ticket(Promise.resolve(), { active: true });
    }
    if (this.waiters.length >= this.maxQueue) return undefined;
    const state = { active: false };
    let resolve: () => void = () => {};
    const ready = new Promise<void>((r) => {
      resolve = r;
    });
    const waiter: Waiter = {
      grant: () => {
        state.active = true;
        resolve();
      },
    };
    this.waiters.push(waiter);
    return this.ticket(ready, state, waiter);
  }

  inFlight(): number {
    return this.inflight;
  }

  queued(): number {
    return this.waiters.length;
  }

  private ticket(ready: Promise<void>, state: { active: boolean }, waiter?: Waiter): GateTicket {
    let left = false;
    return {
      ready,
      leave: () => {
        if (left) return;
        left = true;
        if (!state.active) {
          const at = waiter ? this.waiters.indexOf(waiter) : -1;
          if (at >= 0) this.waiters.splice(at, 1);
          return;
        }
        const next = this.waiters.shift();
        if (next) next.grant();
        else this.inflight -= 1;
      },
    };
  }
}
