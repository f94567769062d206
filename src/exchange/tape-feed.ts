import type { TapeRow } from "../storage/exchange-store";

/**
 * Live fan-out of public tape rows to stream subscribers (SSE, WS). Replay comes from the store;
 * a subscriber subscribes first and then replays, skipping ids it already sent, so no row falls
 * between the two. `end` tells every subscriber the server is stopping.
 */
interface Subscriber {
  rows: (rows: readonly TapeRow[]) => void;
  end: () => void;
}

export class TapeFeed {
  private readonly subs = new Set<Subscriber>();

  publish(rows: readonly TapeRow[]): void {
    if (rows.length === 0) return;
    for (const s of this.subs) s.rows(rows);
  }

  subscribe(rows: Subscriber["rows"], end: Subscriber["end"] = () => undefined): () => void {
    const sub = { rows, end };
    this.subs.add(sub);
    return () => this.subs.delete(sub);
  }

  end(): void {
    for (const s of [...this.subs]) s.end();
    this.subs.clear();
  }

  get subscribers(): number {
    return this.subs.size;
  }
}
