import { describe, expect, it } from "vitest";
import { economyReport, formatEconomyTable } from "./economy-report";
import { simulate } from "./simulate";

describe("economy report", () => {
  it("rates each role among itself and marks a non-empty frontier per role", async () => {
    const result = await simulate({ agents: 8, markets: 16, seed: 2 });
    const rep = economyReport(result, 100);
    expect(rep.rows).toHaveLength(8);
    expect(rep.summary).toMatchObject({
      agents: 8,
      markets: 16,
      ledger_balanced: true,
      digest: result.digest,
    });
    for (const role of ["listing_buyer", "request_seller"]) {
      const group = rep.rows.filter((r) => r.role === role);
      expect(group.some((r) => r.on_frontier)).toBe(true);
      expect(group.reduce((s, r) => s + r.rating, 0)).toBeCloseTo(0, 6);
    }
    const fees = result.ledger.entries.reduce((s, e) => s + e.fee, 0);
    expect(rep.summary.exchange_fees).toBe(fees);
    const table = formatEconomyTable(rep);
    expect(table.split("\n")).toHaveLength(9);
    expect(table).toContain("buyer-001");
  });
});
