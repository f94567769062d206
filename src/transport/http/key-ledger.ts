/**
 * Which live sessions each API key holds, for the per-key session cap. Sessions are recorded
 * when a request made with the key creates them and forgotten when a request closes them.
 * Sessions that end any other way (idle eviction, a close sent with another key, a restart)
 * are found by `isLive` when the key next asks for room, so the count can only run high
 * between a session's end and that key's next create, never let a key past its cap.
 * WebSocket connections and creates still in flight are held as anonymous slots.
 */
export class KeyLedger {
  private readonly sessions = new Map<string, Set<string>>();
  private readonly held = new Map<string, number>();

  constructor(
    readonly maxPerKey: number,
    private readonly isLive: (sessionId: string) => boolean,
  ) {}

  /** Sessions and slots the key holds now, after dropping sessions that have ended. */
  count(key: string): number {
    const ids = this.sessions.get(key);
    if (ids !== undefined) for (const id of ids) if (!this.isLive(id)) ids.delete(id);
    return (ids?.size ?? 0) + (this.held.get(key) ?? 0);
  }

  hasRoom(key: string, n: number): boolean {
    return n === 0 || this.count(key) + n <= this.maxPerKey;
  }

  /** Reserve `n` slots; returns the release (idempotent). */
  hold(key: string, n: number): () => void {
    this.held.set(key, (this.held.get(key) ?? 0) + n);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.held.get(key) ?? 0) - n;
      if (left > 0) this.held.set(key, left);
      else this.held.delete(key);
    };
  }

  record(key: string, sessionIds: readonly string[]): void {
    let ids = this.sessions.get(key);
    if (ids === undefined) {
      ids = new Set();
      this.sessions.set(key, ids);
    }
    for (const id of sessionIds) ids.add(id);
  }

  forget(sessionId: string): void {
    for (const ids of this.sessions.values()) ids.delete(sessionId);
  }
}
