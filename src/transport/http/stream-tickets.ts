import { randomBytes } from "node:crypto";
import { secretDigest } from "./api-keys";

/** How long a ticket opens the stream: long enough to connect, short enough that a leaked one is stale. */
export const TICKET_TTL_MS = 60_000;
/** Live tickets kept at most; beyond it the oldest go first, so issuing cannot grow memory without end. */
const MAX_LIVE = 10_000;

/**
 * Read-only tickets for the public tape on a keyed server. A browser's EventSource cannot send
 * `Authorization`, so the arena page asks for a ticket with its API key (POST
 * /markets/stream/ticket, rate-limited like any keyed call) and opens
 * `/markets/stream?ticket=…`. A ticket opens that one GET route and nothing else — it is not an
 * API key and not an agent token, so it cannot act — and it expires after TICKET_TTL_MS
 * (a stream already open keeps running; the page asks for a new ticket to reconnect). Only
 * the ticket's SHA-256 is kept; request logs carry paths, never query strings.
 */
export class StreamTickets {
  private readonly live = new Map<string, number>();

  constructor(private readonly now: () => number = Date.now) {}

  issue(): { ticket: string; expires_at: number } {
    const t = this.now();
    for (const [k, exp] of this.live) if (exp <= t || this.live.size >= MAX_LIVE) this.live.delete(k);
    const ticket = `st_${randomBytes(24).toString("base64url")}`;
    const expires_at = t + TICKET_TTL_MS;
    this.live.set(secretDigest(ticket).toString("hex"), expires_at);
    return { ticket, expires_at };
  }

  /** Whether `ticket` is one this server issued and it has not expired. */
  valid(ticket: string | undefined): boolean {
    if (ticket === undefined || !/^st_[A-Za-z0-9_-]{32}$/.test(ticket)) return false;
    const exp = this.live.get(secretDigest(ticket).toString("hex"));
    return exp !== undefined && exp > this.now();
  }
}
