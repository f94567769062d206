import type Database from "better-sqlite3";
import { entryFor, type LedgerEntry, type Settlement } from "../../markets/ledger";
import type { MarketEvent } from "../../markets/market";
import type { TapeEntry } from "../../markets/views";

/**
 * The exchange's SQLite tables (migration 3): agents, each market's append-only event log, the
 * public tape with the global ids the stream replays from, and the double-entry ledger. One
 * `commit` writes a market's new events, its new tape entries and its settlements in a single
 * transaction, so a crash leaves either all of a step or none of it, and a settlement posted
 * once can never be posted again (UNIQUE (market_id, winner)).
 */
export interface AgentRow {
  id: string;
  name: string;
  token_digest: Buffer;
  created_at: number;
  revoked_at: number | null;
}

export interface MarketRow {
  market_id: string;
  kind: "listing" | "request";
  opener: string;
  status: string;
  deadline: number;
  created_at: number;
}

export interface TapeRow {
  id: number;
  entry: TapeEntry;
}

export interface MarketCommit {
  market: MarketRow;
  /** True for the market's first commit: inserts its row instead of updating its status. */
  opening: boolean;
  events: readonly MarketEvent[];
  tape: readonly TapeEntry[];
  settlements: readonly (Settlement & { at: number })[];
}

export interface LedgerTotals {
  balanced: boolean;
  total: number;
  entries: number;
  unbalanced_entries: number[];
}

/**
 * Rows one exchange write added, ids included, in the shape a mirror stores them (a digest as hex,
 * JSON as text). Also the shape a takeover copies the whole exchange back in (`restore`).
 */
export interface ExchangeWrite {
  agents?: { id: string; name: string; token_digest: string; created_at: number }[];
  revoked?: { id: string; revoked_at: number }[];
  markets?: MarketRow[];
  events?: { market_id: string; seq: number; json: string }[];
  tape?: { id: number; market_id: string; json: string }[];
  entries?: (Omit<LedgerEntry, "postings"> & { id: number; at: number })[];
  postings?: { entry_id: number; account: string; amount: number }[];
}

/**
 * A second, durable copy written inside each SQLite transaction (Postgres, pg-exchange.ts): if it
 * throws, the transaction rolls back, so nothing is acknowledged that the mirror does not hold.
 */
export interface ExchangeMirror {
  apply(w: ExchangeWrite): void;
}

export class ExchangeStore {
  private readonly q;
  private readonly commitTx: (c: MarketCommit) => TapeRow[];
  private readonly tx: <T>(f: () => T) => T;

  constructor(
    readonly db: Database.Database,
    private readonly mirror: ExchangeMirror | null = null,
  ) {
    this.q = {
      insertAgent: db.prepare(
        "INSERT INTO exchange_agents (id, name, token_digest, created_at) VALUES (?, ?, ?, ?)",
      ),
      agent: db.prepare("SELECT * FROM exchange_agents WHERE id = ?"),
      activeAgents: db.prepare("SELECT id FROM exchange_agents WHERE revoked_at IS NULL ORDER BY id"),
      revoke: db.prepare("UPDATE exchange_agents SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL"),
      insertMarket: db.prepare(
        "INSERT INTO exchange_markets (market_id, kind, opener, status, deadline, created_at) VALUES (@market_id, @kind, @opener, @status, @deadline, @created_at)",
      ),
      setStatus: db.prepare("UPDATE exchange_markets SET status = ? WHERE market_id = ?"),
      market: db.prepare("SELECT * FROM exchange_markets WHERE market_id = ?"),
      openMarkets: db.prepare("SELECT * FROM exchange_markets WHERE status != 'closed' ORDER BY created_at"),
      insertEvent: db.prepare("INSERT INTO exchange_market_events (market_id, seq, json) VALUES (?, ?, ?)"),
      events: db.prepare("SELECT json FROM exchange_market_events WHERE market_id = ? ORDER BY seq"),
      insertTape: db.prepare("INSERT INTO exchange_tape (market_id, json) VALUES (?, ?)"),
      restoreTape: db.prepare(
        "INSERT INTO exchange_tape (id, market_id, json) VALUES (@id, @market_id, @json)",
      ),
      restoreEntry: db.prepare(
        "INSERT INTO ledger_entries (id, market_id, winner, buyer, seller, price, fee, at) VALUES (@id, @market_id, @winner, @buyer, @seller, @price, @fee, @at)",
      ),
      tapeAfter: db.prepare("SELECT id, json FROM exchange_tape WHERE id > ? ORDER BY id LIMIT ?"),
      lastTape: db.prepare("SELECT COALESCE(MAX(id), 0) AS id FROM exchange_tape"),
      insertEntry: db.prepare(
        "INSERT INTO ledger_entries (market_id, winner, buyer, seller, price, fee, at) VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (market_id, winner) DO NOTHING",
      ),
      entryByKey: db.prepare("SELECT * FROM ledger_entries WHERE market_id = ? AND winner = ?"),
      insertPosting: db.prepare("INSERT INTO ledger_postings (entry_id, account, amount) VALUES (?, ?, ?)"),
      total: db.prepare("SELECT COALESCE(SUM(amount), 0) AS total FROM ledger_postings"),
      entryCount: db.prepare("SELECT COUNT(*) AS n FROM ledger_entries"),
      unbalanced: db.prepare(
        "SELECT e.id AS id FROM ledger_entries e LEFT JOIN ledger_postings p ON p.entry_id = e.id GROUP BY e.id HAVING COALESCE(SUM(p.amount), 0) != 0 OR COUNT(p.entry_id) != 3",
      ),
      accountTotals: db.prepare(
        "SELECT account, SUM(amount) AS amount FROM ledger_postings WHERE account = ? GROUP BY account",
      ),
      entriesOf: db.prepare("SELECT * FROM ledger_entries WHERE buyer = ? OR seller = ? ORDER BY id"),
      allEntries: db.prepare("SELECT * FROM ledger_entries ORDER BY id"),
    };
    this.commitTx = db.transaction((c: MarketCommit) => this.write(c));
    const run = db.transaction((f: () => unknown) => f());
    this.tx = <T>(f: () => T): T => run(f) as T;
  }

  // ---- agents ----
  insertAgent(id: string, name: string, digest: Buffer, now: number): void {
    this.tx(() => {
      this.q.insertAgent.run(id, name, digest, now);
      this.mirror?.apply({ agents: [{ id, name, token_digest: digest.toString("hex"), created_at: now }] });
    });
  }
  agent(id: string): AgentRow | null {
    return (this.q.agent.get(id) as AgentRow | undefined) ?? null;
  }
  activeAgents(): string[] {
    return (this.q.activeAgents.all() as { id: string }[]).map((r) => r.id);
  }
  /** True when this call revoked the agent (false if unknown or already revoked). */
  revokeAgent(id: string, now: number): boolean {
    return this.tx(() => {
      const revoked = this.q.revoke.run(now, id).changes === 1;
      if (revoked) this.mirror?.apply({ revoked: [{ id, revoked_at: now }] });
      return revoked;
    });
  }

  // ---- markets ----
  /** Write one step of a market atomically; returns the tape rows with their global ids. */
  commit(c: MarketCommit): TapeRow[] {
    return this.commitTx(c);
  }

  private write(c: MarketCommit): TapeRow[] {
    const w: Required<Pick<ExchangeWrite, "events" | "tape" | "entries" | "postings">> = {
      events: [],
      tape: [],
      entries: [],
      postings: [],
    };
    const id = c.market.market_id;
    if (c.opening) this.q.insertMarket.run(c.market);
    else this.q.setStatus.run(c.market.status, id);
    for (const ev of c.events) {
      const json = JSON.stringify(ev);
      this.q.insertEvent.run(id, ev.seq, json);
      w.events.push({ market_id: id, seq: ev.seq, json });
    }
    const rows: TapeRow[] = [];
    for (const entry of c.tape) {
      const json = JSON.stringify(entry);
      const tapeId = Number(this.q.insertTape.run(id, json).lastInsertRowid);
      rows.push({ id: tapeId, entry });
      w.tape.push({ id: tapeId, market_id: id, json });
    }
    for (const s of c.settlements) this.post(s, w);
    this.mirror?.apply({ markets: [c.market], ...w });
    return rows;
  }

  /** Post one settlement: a replay of the same settlement is a no-op; different terms are refused. */
  private post(
    s: Settlement & { at: number },
    w: Required<Pick<ExchangeWrite, "entries" | "postings">>,
  ): void {
    const e = entryFor(s);
    const res = this.q.insertEntry.run(e.market_id, e.winner, e.buyer, e.seller, e.price, e.fee, s.at);
    if (res.changes === 0) {
      const old = this.q.entryByKey.get(e.market_id, e.winner) as LedgerEntry;
      if (old.buyer !== e.buyer || old.seller !== e.seller || old.price !== e.price)
        throw new Error(`ledger: ${e.market_id} already settled ${e.winner} on other terms`);
      return;
    }
    const entryId = Number(res.lastInsertRowid);
    const { postings, ...fields } = e;
    w.entries.push({ ...fields, id: entryId, at: s.at });
    for (const p of postings) {
      this.q.insertPosting.run(entryId, p.account, p.amount);
      w.postings.push({ entry_id: entryId, account: p.account, amount: p.amount });
    }
  }

  /**
   * Load a whole exchange, ids as they were, into this (empty) database: a takeover copying the
   * durable copy back in. Nothing is mirrored: the rows came from the mirror.
   */
  restore(w: ExchangeWrite): void {
    const run = this.db.transaction(() => {
      for (const a of w.agents ?? [])
        this.q.insertAgent.run(a.id, a.name, Buffer.from(a.token_digest, "hex"), a.created_at);
      for (const r of w.revoked ?? []) this.q.revoke.run(r.revoked_at, r.id);
      for (const m of w.markets ?? []) this.q.insertMarket.run(m);
      for (const e of w.events ?? []) this.q.insertEvent.run(e.market_id, e.seq, e.json);
      for (const t of w.tape ?? []) this.q.restoreTape.run(t);
      for (const e of w.entries ?? []) this.q.restoreEntry.run(e);
      for (const p of w.postings ?? []) this.q.insertPosting.run(p.entry_id, p.account, p.amount);
    });
    run();
  }

  market(id: string): MarketRow | null {
    return (this.q.market.get(id) as MarketRow | undefined) ?? null;
  }
  openMarkets(): MarketRow[] {
    return this.q.openMarkets.all() as MarketRow[];
  }
  events(marketId: string): MarketEvent[] {
    return (this.q.events.all(marketId) as { json: string }[]).map((r) => JSON.parse(r.json) as MarketEvent);
  }

  // ---- tape ----
  tapeAfter(id: number, limit: number): TapeRow[] {
    return (this.q.tapeAfter.all(id, limit) as { id: number; json: string }[]).map((r) => ({
      id: r.id,
      entry: JSON.parse(r.json) as TapeEntry,
    }));
  }
  lastTapeId(): number {
    return (this.q.lastTape.get() as { id: number }).id;
  }

  // ---- ledger ----
  reconcile(): LedgerTotals {
    const total = (this.q.total.get() as { total: number }).total;
    const unbalanced = (this.q.unbalanced.all() as { id: number }[]).map((r) => r.id);
    const entries = (this.q.entryCount.get() as { n: number }).n;
    return {
      balanced: total === 0 && unbalanced.length === 0,
      total,
      entries,
      unbalanced_entries: unbalanced,
    };
  }
  balanceOf(account: string): number {
    return (this.q.accountTotals.get(account) as { amount: number } | undefined)?.amount ?? 0;
  }
  /** Ledger entries an account is a party to, oldest first. */
  entriesOf(account: string): LedgerEntry[] {
    return (this.q.entriesOf.all(account, account) as LedgerEntry[]).map(withPostings);
  }
  allEntries(): LedgerEntry[] {
    return (this.q.allEntries.all() as LedgerEntry[]).map(withPostings);
  }
}

/** Stored rows hold parties, price and fee; postings follow from them by the ledger rule. */
const withPostings = (r: LedgerEntry): LedgerEntry => {
  const e = entryFor({
    market_id: r.market_id,
    winner: r.winner,
    buyer: r.buyer,
    seller: r.seller,
    price: r.price,
  });
  return { ...e, fee: r.fee };
};
