import { describe, expect, it } from "vitest";
import { CODE_BUYER_KEYS, sellerBaseline, sellerBaselineMarkdown } from "./seller-baseline";

describe("seller-role baseline", () => {
  it("plays every code buyer, is deterministic, and names each buyer's release", async () => {
    const o = {
      tasks: ["sell_single_deal@1"],
      buyers: CODE_BUYER_KEYS,
      seeds: [1, 2, 3, 4],
      gitCommit: "test",
    };
    const a = await sellerBaseline(o);
    expect(await sellerBaseline(o)).toEqual(a);
    expect(a.rows.map((r) => `${r.buyer.id}@${r.buyer.version}`)).toEqual([...CODE_BUYER_KEYS]);
    for (const r of a.rows) {
      expect(r.score_ci95[0]).toBeLessThanOrEqual(r.score);
      expect(r.score).toBeLessThanOrEqual(r.score_ci95[1]);
      expect(r.below_reservation_rate).toBe(0); // the scripted agent never sells below its floor
    }
    expect(sellerBaselineMarkdown(a).split("\n")).toHaveLength(2 + CODE_BUYER_KEYS.length);
  });
});
