import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MarketError } from "./errors";
import {
  agentPnl,
  balances,
  EXCHANGE_ACCOUNT,
  emptyLedger,
  feeFor,
  type Ledger,
  postSettlement,
  reconcile,
  type Settlement,
  toMinor,
} from "./ledger";

const sale = (market: string, winner: string, price: number): Settlement => ({
  market_id: market,
  winner,
  buyer: winner,
  seller: "house",
  price,
});

describe("fee rounding", () => {
  it("is 1.5 % rounded half up to a whole paisa", () => {
    expect(feeFor(10_000)).toBe(150); // ₹100 → ₹1.50
    expect(feeFor(100)).toBe(2); // 1.5 paise: a tie, goes up
    expect(feeFor(99)).toBe(1); // 1.485 paise
    expect(feeFor(33)).toBe(0); // 0.495 paise
    expect(feeFor(34)).toBe(1); // 0.51 paise
    expect(feeFor(0)).toBe(0);
  });
  it("refuses fractional or negative prices", () => {
    expect(() => feeFor(1.5)).toThrow(MarketError);
    expect(() => feeFor(-1)).toThrow(MarketError);
  });
  it("converts rupees to paise without float drift", () => {
    expect(toMinor(0.29)).toBe(29);
    expect(toMinor(1099.99)).toBe(109_999);
  });
});

describe("postSettlement", () => {
  it("charges price + fee, pays the price, books the fee", () => {
    const { ledger } = postSettlement(emptyLedger(), sale("m1", "a", 10_000));
    expect(Object.fromEntries(balances(ledger))).toEqual({
      a: -10_150,
      house: 10_000,
      [EXCHANGE_ACCOUNT]: 150,
    });
  });

  it("is idempotent by (market, winner) and refuses a conflicting replay", () => {
    const first = postSettlement(emptyLedger(), sale("m1", "a", 500));
    const again = postSettlement(first.ledger, sale("m1", "a", 500));
    expect(again.posted).toBe(false);
    expect(again.ledger).toBe(first.ledger);
    expect(() => postSettlement(first.ledger, sale("m1", "a", 501))).toThrow(MarketError);
    expect(first.ledger.entries).toHaveLength(1);
  });

  it("balances to zero for any sequence of settlements, duplicates included", () => {
    const arb = fc.array(
      fc.record({
        market: fc.constantFrom("m1", "m2", "m3"),
        winner: fc.constantFrom("a", "b", "c"),
        price: fc.integer({ min: 0, max: 10_000_000 }),
      }),
      { maxLength: 40 },
    );
    fc.assert(
      fc.property(arb, (rows) => {
        let ledger: Ledger = emptyLedger();
        for (const r of rows) {
          try {
            ledger = postSettlement(ledger, sale(r.market, r.winner, r.price)).ledger;
          } catch (err) {
            if (!(err instanceof MarketError)) throw err;
          }
        }
        const rec = reconcile(ledger);
        expect(rec.balanced).toBe(true);
        expect(rec.total).toBe(0);
        expect(ledger.entries.length).toBe(ledger.byKey.size);
      }),
    );
  });

  it("reconcile names an entry whose postings were altered", () => {
    const { ledger } = postSettlement(emptyLedger(), sale("m1", "a", 1000));
    const entry = ledger.entries[0]!;
    const tampered: Ledger = {
      entries: [{ ...entry, postings: entry.postings.map((p, i) => (i === 0 ? { ...p, amount: 0 } : p)) }],
      byKey: ledger.byKey,
    };
    const rec = reconcile(tampered);
    expect(rec.balanced).toBe(false);
    expect(rec.unbalancedEntries).toHaveLength(1);
  });
});

describe("agentPnl", () => {
  it("gives buyers surplus minus fees and sellers receipts minus every cost", () => {
    let l = emptyLedger();
    l = postSettlement(l, { market_id: "r1", winner: "s1", buyer: "req", seller: "s1", price: 1000 }).ledger;
    l = postSettlement(l, sale("l1", "b1", 2000)).ledger;
    const rows = agentPnl(
      l,
      [{ market_id: "l1", agent: "b1", value: 2600 }],
      [
        { market_id: "r1", agent: "s1", cost: 300 },
        { market_id: "r1", agent: "s2", cost: 300 },
      ],
      ["b1", "s1", "s2"],
    );
    const by = Object.fromEntries(rows.map((r) => [r.agent, r]));
    expect(by.b1).toMatchObject({ bought: 1, surplus: 600, fees: 30, pnl: 570 });
    expect(by.s1).toMatchObject({ sold: 1, received: 1000, profit: 700, pnl: 700 });
    expect(by.s2).toMatchObject({ sold: 0, profit: -300, pnl: -300 });
  });
});
