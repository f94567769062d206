import { describe, expect, it } from "vitest";
import { feeFor } from "./ledger";
import { replayMarket } from "./market";
import type { Judge } from "./request/judge";
import { eventLine, simulate } from "./simulate";

async function run(seed: number, judge?: Judge) {
  const lines: string[] = [];
  const result = await simulate({
    agents: 8,
    markets: 12,
    seed,
    ...(judge ? { judge } : {}),
    onMarket: (id, events) => {
      for (const ev of events) lines.push(eventLine(id, ev));
    },
  });
  return { result, lines };
}

describe("simulate", () => {
  it("reruns byte for byte, and another seed gives another economy", async () => {
    const a = await run(3);
    const b = await run(3);
    expect(b.lines.join("\n")).toBe(a.lines.join("\n"));
    expect(JSON.stringify(b.result.report)).toBe(JSON.stringify(a.result.report));
    expect(JSON.stringify(b.result.ledger.entries)).toBe(JSON.stringify(a.result.ledger.entries));
    expect(b.result.digest).toBe(a.result.digest);
    const c = await run(4);
    expect(c.result.digest).not.toBe(a.result.digest);
  });

  it("balances the ledger and settles exactly the winners on the public tape", async () => {
    const { result, lines } = await run(5);
    expect(result.reconciliation.balanced).toBe(true);
    expect(result.settlements).toBeGreaterThan(0);
    const won = lines
      .map((l) => JSON.parse(l))
      .filter((l) => l.event.type === "deal" || l.event.type === "won");
    expect(result.ledger.entries).toHaveLength(won.length);
    for (const e of result.ledger.entries) expect(e.fee).toBe(feeFor(e.price));
    const wins = result.report.reduce((s, r) => s + r.deals, 0);
    expect(wins).toBe(won.length);
  });

  it("writes logs that replay, with every listing deal at or above the seller's reservation", async () => {
    const byMarket = new Map<string, unknown[]>();
    await simulate({
      agents: 6,
      markets: 10,
      seed: 9,
      onMarket: (id, events) => byMarket.set(id, JSON.parse(JSON.stringify(events))),
    });
    expect(byMarket.size).toBe(10);
    for (const events of byMarket.values()) {
      const m = replayMarket(events as Parameters<typeof replayMarket>[0]);
      expect(m.status).toBe("closed");
      if (m.kind === "listing")
        for (const d of m.deals) expect(d.price).toBeGreaterThanOrEqual(m.opened.reservation);
    }
  });

  it("fails closed when the judge is down: no request market settles", async () => {
    const down: Judge = {
      id: "down",
      judge: () => {
        throw new Error("connection refused");
      },
    };
    const { result, lines } = await run(3, down);
    const events = lines.map((l) => JSON.parse(l).event);
    expect(events.filter((e) => e.type === "won")).toEqual([]);
    const verdicts = events.filter((e) => e.type === "judged");
    expect(verdicts.length).toBeGreaterThan(0);
    for (const v of verdicts) expect(v).toMatchObject({ qualified: false, error: "connection refused" });
    expect(result.reconciliation.balanced).toBe(true);
  });

  it("refuses a degenerate economy", async () => {
    await expect(simulate({ agents: 1, markets: 1, seed: 1 })).rejects.toThrow(RangeError);
    await expect(simulate({ agents: 4, markets: 0, seed: 1 })).rejects.toThrow(RangeError);
  });
});
