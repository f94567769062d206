import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MarketCommit } from "./exchange-store";
import {
  type ExchangeDb,
  type ExchangeEngine,
  pgExchangeEngine,
  sqliteExchangeEngine,
} from "./testing/exchange-engines";

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
const closed = { kind: "closed", market_id: "mk_1", at: 5, outcome: "filled" } as const;

/**
 * One suite, both engines: the exchange's tables keep the same promises on SQLite (the file the
 * server restarts from) and on Postgres (the durable copy a replica taking over reads back).
 * Each check runs on the live store and again on the store reopened from the durable database.
 */
const ENGINES: [string, () => Promise<ExchangeEngine>][] = [
  ["sqlite", async () => sqliteExchangeEngine()],
  ["postgres", pgExchangeEngine],
];

describe.each(ENGINES)("exchange store on %s", (_name, make) => {
  let engine: ExchangeEngine;
  beforeAll(async () => {
    engine = await make();
  }, 60_000);
  afterAll(async () => {
    await engine?.stop();
  });

  async function fresh(): Promise<ExchangeDb> {
    const x = await engine.fresh();
    x.store.commit(commit({ opening: true }));
    return x;
  }

  it("posts double entries (buyer −(price+fee), seller +price, exchange +fee) that reconcile to zero", async () => {
    const x = await fresh();
    x.store.commit(commit({ settlements: [settle("a", 100), settle("b", 99)] }));
    for (const s of [x.store, await x.reopen()]) {
      expect(s.reconcile()).toEqual({ balanced: true, total: 0, entries: 2, unbalanced_entries: [] });
      expect(s.balanceOf("req")).toBe(-(100 + 2) - (99 + 1));
      expect(s.balanceOf("a")).toBe(100);
      expect(s.balanceOf("exchange:fees")).toBe(3);
      expect(s.entriesOf("a")).toEqual(x.store.entriesOf("a"));
    }
  });

  it("is idempotent by (market, winner), refuses other terms, and rolls the whole step back", async () => {
    const x = await fresh();
    x.store.commit(commit({ settlements: [settle("a", 100)] }));
    x.store.commit(commit({ settlements: [settle("a", 100)] }));
    expect(x.store.reconcile().entries).toBe(1);
    const ev = { type: "deadline_reached", seq: 2, at: 9 } as const;
    expect(() => x.store.commit(commit({ events: [ev], settlements: [settle("a", 101)] }))).toThrow(
      /other terms/,
    );
    for (const s of [x.store, await x.reopen()]) {
      expect(s.events("mk_1")).toEqual([]); // the event of the refused step was not kept either
      expect(s.balanceOf("a")).toBe(100);
      expect(s.reconcile().entries).toBe(1);
    }
  });

  it("keeps agents, revocations, markets, events and the tape's ids across a reopen", async () => {
    const x = await fresh();
    const digest = Buffer.from("0123456789abcdef0123456789abcdef", "hex");
    x.store.insertAgent("ag_1", "alpha", digest, 3);
    x.store.insertAgent("ag_2", "beta", digest, 4);
    expect(x.store.revokeAgent("ag_2", 7)).toBe(true);
    expect(x.store.revokeAgent("ag_2", 8)).toBe(false);
    const ev = { type: "deadline_reached", seq: 1, at: 9 } as const;
    const first = x.store.commit(commit({ events: [ev], tape: [closed] }));
    const second = x.store.commit(commit({ tape: [closed, closed] }));
    expect([...first, ...second].map((r) => r.id)).toEqual([1, 2, 3]);
    const back = await x.reopen();
    expect(back.agent("ag_1")).toEqual(x.store.agent("ag_1"));
    expect(back.agent("ag_2")?.revoked_at).toBe(7);
    expect(back.activeAgents()).toEqual(["ag_1"]);
    expect(back.openMarkets()).toEqual([market]);
    expect(back.events("mk_1")).toEqual([ev]);
    expect(back.tapeAfter(0, 10)).toEqual(x.store.tapeAfter(0, 10));
    expect(back.lastTapeId()).toBe(3);
    // The tape goes on from where it was: the next id follows the last one, none is reused.
    expect(back.commit(commit({ tape: [closed] })).map((r) => r.id)).toEqual([4]);
  });

  it("is append-only in the database itself, and reconcile names an entry that does not sum to zero", async () => {
    const x = await fresh();
    const rows = x.store.commit(commit({ tape: [closed], settlements: [settle("a", 100)] }));
    expect(rows).toEqual([{ id: 1, entry: closed }]);
    await expect(x.raw("UPDATE ledger_postings SET amount = 0")).rejects.toThrow(/append-only/);
    await expect(x.raw("DELETE FROM ledger_entries")).rejects.toThrow(/append-only/);
    await expect(x.raw("DELETE FROM exchange_tape")).rejects.toThrow(/append-only/);
    await x.raw("INSERT INTO ledger_postings (entry_id, account, amount) VALUES (1, 'x', 5)");
    expect((await x.reopen()).reconcile()).toMatchObject({
      balanced: false,
      total: 5,
      unbalanced_entries: [1],
    });
  });
});
