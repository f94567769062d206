import type { MarketView } from "../../markets/views";
import type { InboxItem } from "../wire/exchange";

/**
 * Per-agent notifications: "this market changed for you", carrying the agent's own view at that
 * moment. Agents pull them (long-poll) or get them pushed on their WebSocket; the exchange never
 * calls out to an agent's machine. Only the latest item per market is kept (a newer view
 * supersedes an older one), at most MAX_ITEMS per agent, so a silent agent costs bounded memory.
 *
 * Cursors count per agent (a global counter would let an agent measure everyone else's
 * traffic) and start at the start-up time in microseconds, so a cursor from before a restart is
 * always below every cursor after it: an agent that reconnects with its old cursor misses
 * nothing that was queued since.
 */
export const MAX_ITEMS = 256;

type Listener = (item: InboxItem) => void;

export class Inbox {
  private readonly start: number;
  private readonly counters = new Map<string, number>();
  /** Per agent, its items by market in cursor order (a Map keeps insertion order). */
  private readonly queues = new Map<string, Map<string, InboxItem>>();
  private readonly listeners = new Map<string, Set<Listener>>();

  constructor(startMs: number = Date.now()) {
    this.start = startMs * 1000;
  }

  push(agent: string, view: MarketView): void {
    const n = (this.counters.get(agent) ?? this.start) + 1;
    this.counters.set(agent, n);
    const item: InboxItem = { n, market_id: view.market_id, view };
    let q = this.queues.get(agent);
    if (q === undefined) {
      q = new Map();
      this.queues.set(agent, q);
    }
    // Delete first so the market's newest item moves to the end: the map stays in cursor order.
    q.delete(item.market_id);
    q.set(item.market_id, item);
    if (q.size > MAX_ITEMS) q.delete(q.keys().next().value as string);
    for (const l of this.listeners.get(agent) ?? []) l(item);
  }

  /** The newest cursor handed to `agent` (a client with nothing yet may start from it). */
  cursor(agent: string): number {
    return this.counters.get(agent) ?? this.start;
  }

  after(agent: string, after: number): InboxItem[] {
    const out: InboxItem[] = [];
    for (const i of this.queues.get(agent)?.values() ?? []) if (i.n > after) out.push(i);
    return out;
  }

  /** Call `fn` with each new item for `agent` until the returned function is called. */
  listen(agent: string, fn: Listener): () => void {
    let set = this.listeners.get(agent);
    if (set === undefined) {
      set = new Set();
      this.listeners.set(agent, set);
    }
    set.add(fn);
    return () => {
      set.delete(fn);
      if (set.size === 0) this.listeners.delete(agent);
    };
  }

  /** Items after `after`, waiting up to `waitMs` for the first one (long-poll). */
  wait(agent: string, after: number, waitMs: number, signal?: AbortSignal): Promise<InboxItem[]> {
    const now = this.after(agent, after);
    if (now.length > 0 || waitMs <= 0) return Promise.resolve(now);
    return new Promise((resolve) => {
      const finish = () => {
        clearTimeout(timer);
        stop();
        signal?.removeEventListener("abort", finish);
        resolve(this.after(agent, after));
      };
      const timer = setTimeout(finish, waitMs);
      // Resolve on the next tick so the items of one commit arrive together.
      const stop = this.listen(agent, () => setImmediate(finish));
      signal?.addEventListener("abort", finish, { once: true });
    });
  }
}
