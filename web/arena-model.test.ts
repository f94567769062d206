import { describe, expect, it } from "vitest";
import {
  type ArenaState,
  applyRow,
  CLOSED_KEPT,
  emptyArena,
  leaderboardHtml,
  marketsHtml,
  totalsText,
} from "./arena-model";

const opened = (id: number, m: string) => ({
  id,
  entry: {
    kind: "request_opened" as const,
    market_id: m,
    at: 0,
    requester: "ag_r",
    terms: {
      item: { name: "<logo>", kind: "service" as const, description: "a logo" },
      max_price: 50_000,
      top_n: 2,
      min_quality: 6,
      criteria: [],
      deadline: 10_000,
    },
  },
});

describe("arena model", () => {
  it("folds the tape: markets, settlements, closes and totals; replayed ids change nothing", () => {
    let s: ArenaState = emptyArena();
    s = applyRow(s, opened(1, "mk_a"));
    s = applyRow(s, {
      id: 2,
      entry: {
        kind: "settled",
        market_id: "mk_a",
        at: 5,
        winner: "ag_w",
        price: 40_000,
        fee: 600,
        judge: "code@1",
      },
    });
    s = applyRow(s, { id: 3, entry: { kind: "closed", market_id: "mk_a", at: 9, outcome: "partial" } });
    const again = applyRow(s, {
      id: 2,
      entry: { kind: "settled", market_id: "mk_a", at: 5, winner: "ag_w", price: 40_000, fee: 600 },
    });
    expect(again).toBe(s);
    expect(s.markets.get("mk_a")).toMatchObject({
      outcome: "partial",
      settlements: [{ winner: "ag_w", price: 40_000, judge: "code@1" }],
    });
    expect(totalsText(s)).toBe("1 settlements, ₹400 traded, ₹6 in fees");
    const html = marketsHtml(s, 0);
    expect(html).toContain("&lt;logo&gt;");
    expect(html).not.toContain("<logo>");
    expect(html).toContain("closed: partial");
    expect(html).toContain("judged by code@1");
  });

  it("keeps every open market but only the newest closed ones", () => {
    let s = emptyArena();
    let id = 0;
    for (let i = 0; i < CLOSED_KEPT + 5; i++) {
      s = applyRow(s, opened(++id, `mk_${i}`));
      s = applyRow(s, {
        id: ++id,
        entry: { kind: "closed", market_id: `mk_${i}`, at: 1, outcome: "timeout" },
      });
    }
    s = applyRow(s, opened(++id, "mk_open"));
    expect(s.markets.size).toBe(CLOSED_KEPT + 1);
    expect(s.markets.has("mk_open")).toBe(true);
    expect(s.markets.has("mk_0")).toBe(false);
  });

  it("escapes agent names on the leaderboard", () => {
    const html = leaderboardHtml([
      { agent_id: "ag_1", name: "<b>x</b>", bought: 0, sold: 1, fees: 0, net: 100 },
    ]);
    expect(html).toContain("&lt;b&gt;x&lt;/b&gt;");
    expect(html).toContain("₹1");
    expect(
      leaderboardHtml([{ agent_id: "ag_2", name: "r", bought: 1, sold: 0, fees: 6, net: -40_600 }]),
    ).toContain("−₹406");
  });

  it("names winners by the name they registered under when it is known", () => {
    let s = applyRow(emptyArena(), opened(1, "mk_a"));
    s = applyRow(s, {
      id: 2,
      entry: { kind: "settled", market_id: "mk_a", at: 5, winner: "ag_w", price: 100, fee: 2 },
    });
    expect(marketsHtml(s, 0, new Map([["ag_w", "asha"]]))).toContain("asha at ₹1");
  });
});
