import { deriveSeed } from "../env/prng";

/**
 * Order of arrival on virtual time. Actions that arrive at the same instant are ordered by a
 * seeded key (per market and agent), never by which code path happened to run first: the
 * market then stamps them with its own sequence numbers in that order.
 */
export interface Arrival<T> {
  at: number;
  key: number;
  item: T;
}

export const tieBreakKey = (seed: number, marketId: string, agent: string): number =>
  deriveSeed(seed, `arrival:${marketId}:${agent}`);

const before = <T>(a: Arrival<T>, b: Arrival<T>): boolean => a.at < b.at || (a.at === b.at && a.key < b.key);

/** A binary min-heap of arrivals: earliest first, ties by key. */
export class ArrivalQueue<T> {
  private readonly heap: Arrival<T>[] = [];

  get size(): number {
    return this.heap.length;
  }

  push(at: number, key: number, item: T): void {
    const h = this.heap;
    h.push({ at, key, item });
    let i = h.length - 1;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (!before(h[i]!, h[p]!)) break;
      [h[i], h[p]] = [h[p]!, h[i]!];
      i = p;
    }
  }

  pop(): Arrival<T> | undefined {
    const h = this.heap;
    const top = h[0];
    const last = h.pop();
    if (h.length > 0 && last !== undefined) {
      h[0] = last;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < h.length && before(h[l]!, h[m]!)) m = l;
        if (r < h.length && before(h[r]!, h[m]!)) m = r;
        if (m === i) break;
        [h[i], h[m]] = [h[m]!, h[i]!];
        i = m;
      }
    }
    return top;
  }
}
