import { describe, expect, it } from "vitest";
import { ExchangeStore, type MarketCommit } from "./exchange-store";
import { openDatabase } from "./open-database";

const market = {
  market_id: "mk_1",
  kind: "request",
  opener: "req",
  status: "open",
  deadline: 10,
  created_at: 0,
} as const;
const settle = (winner: string, price: number) => ({
  market_id: "mk_1",
  winner,
  buyer: "req",
  seller: winner,
  price,
  at: 5,
});
const commit = (over: Partial<MarketCommit>): MarketCommit => ({
  market,
  opening: false,
  events: [],
  tape: [],
  settlements: [],
  ...over,
});

function fresh(): ExchangeStore {
  const s = new ExchangeStore(openDatabase(":memory:"));
  s.commit(commit({ opening: true }));
  return s;
}

describe("exchange ledger in SQLite", () => {
  it("posts double entries (buyer −(price+fee), seller +price, exchange +fee) that reconcile to zero", () => {
    const s = fresh();
    s.commit(commit({ settlements: [settle("a", 100), settle("b", 99)] }));
    expect(s.reconcile()).toEqual({ balanced: true, total: 0, entries: 2, unbalanced_entries: [] });
    expect(s.balanceOf("req")).toBe(-(100 + 2) - (99 + 1));
    expect(s.balanceOf("a")).toBe(100);
    expect(s.balanceOf("exchange:fees")).toBe(3);
  });

  it("is idempotent by (market, winner), refuses other terms, and rolls the whole step back", () => {
    const s = fresh();
    s.commit(commit({ settlements: [settle("a", 100)] }));
    s.commit(commit({ settlements: [settle("a", 100)] }));
    expect(s.reconcile().entries).toBe(1);
    const ev = { type: "deadline_reached", seq: 2, at: 9 } as const;
    expect(() => s.commit(commit({ events: [ev], settlements: [settle("a", 101)] }))).toThrow(/other terms/);
    expect(s.events("mk_1")).toEqual([]); // the event of the refused step was not kept either
    expect(s.balanceOf("a")).toBe(100);
  });

  it("is append-only in the database itself, and reconcile names an entry that does not sum to zero", () => {
    const s = fresh();
    const closed = { kind: "closed", market_id: "mk_1", at: 5, outcome: "filled" } as const;
    const rows = s.commit(commit({ tape: [closed], settlements: [settle("a", 100)] }));
    expect(rows).toEqual([{ id: 1, entry: closed }]);
    expect(() => s.db.prepare("UPDATE ledger_postings SET amount = 0").run()).toThrow(/append-only/);
    expect(() => s.db.prepare("DELETE FROM ledger_entries").run()).toThrow(/append-only/);
    expect(() => s.db.prepare("DELETE FROM exchange_tape").run()).toThrow(/append-only/);
    s.db.prepare("INSERT INTO ledger_postings (entry_id, account, amount) VALUES (1, 'x', 5)").run();
    expect(s.reconcile()).toMatchObject({ balanced: false, total: 5, unbalanced_entries: [1] });
  });
});
