import type { ExchangeStore, TapeRow } from "../storage/exchange-store";
import { ExchangeError } from "./exchange-error";
import type { TapeFeed } from "./tape-feed";

/**
 * One consumer's position on the public tape: replay from the store after `after`, then live
 * rows, each id exactly once and in order. Subscribing happens first, so a row committed while
 * the replay is read is either in the replay or in the live buffer, never lost; ids already
 * delivered are skipped. A consumer more than MAX_BUFFERED rows behind is ended (it reconnects
 * from its last id and misses nothing) instead of the server buffering without end.
 */
export const MAX_BUFFERED = 10_000;
const PAGE = 500;

/** Parse a Last-Event-ID / `after` value: digits only, else a 400. Absent means from the start. */
export function parseTapeId(raw: string | undefined): number {
  if (raw === undefined || raw.trim() === "") return 0;
  const t = raw.trim();
  if (!/^\d{1,15}$/.test(t))
    throw new ExchangeError(
      "BAD_LAST_EVENT_ID",
      "Last-Event-ID must be a tape id (digits), as sent in `id:`.",
    );
  return Number(t);
}

export class TapeCursor {
  private last: number;
  private readonly live: TapeRow[] = [];
  private wake: (() => void) | null = null;
  private done = false;
  /** Once a replay read comes back empty every later row arrives live: the store is not read again. */
  private caughtUp = false;
  private readonly unsubscribe: () => void;

  constructor(
    private readonly store: ExchangeStore,
    feed: TapeFeed,
    after: number,
  ) {
    this.last = after;
    this.unsubscribe = feed.subscribe(
      (rows) => {
        this.live.push(...rows);
        if (this.live.length > MAX_BUFFERED) this.close();
        this.poke();
      },
      () => this.close(),
    );
  }

  /** The next rows to send (waits when there are none); empty once the cursor is closed. */
  async next(): Promise<TapeRow[]> {
    for (;;) {
      if (this.done) return [];
      const replay = this.caughtUp ? [] : this.store.tapeAfter(this.last, PAGE);
      if (replay.length > 0) {
        this.last = (replay[replay.length - 1] as TapeRow).id;
        // Live rows the replay now covers are dropped, so a row never goes out twice.
        this.dropSeen();
        return replay;
      }
      this.caughtUp = true;
      this.dropSeen();
      if (this.live.length > 0) {
        const rows = this.live.splice(0);
        this.last = (rows[rows.length - 1] as TapeRow).id;
        return rows;
      }
      await new Promise<void>((r) => {
        this.wake = r;
      });
    }
  }

  close(): void {
    if (this.done) return;
    this.done = true;
    this.unsubscribe();
    this.poke();
  }

  private dropSeen(): void {
    let i = 0;
    while (i < this.live.length && (this.live[i] as TapeRow).id <= this.last) i++;
    if (i > 0) this.live.splice(0, i);
  }

  private poke(): void {
    const w = this.wake;
    this.wake = null;
    w?.();
  }
}
