import { describe, expect, it } from "vitest";
import { formatRupees } from "../../env/money";
import { resolveSeller } from "../registry";
import { playOffers, sellerReplies } from "../testing/episode-harness";

const h = { seed: 9, cost: 30, anchorBase: 60, rounds: 6 };

describe("CraigslistBargain-style bot", () => {
  it("overshoots its opening and moves 30 % toward the buyer each turn", () => {
    const s = playOffers(resolveSeller("craigslist-bot@1"), h, [30, 30]);
    expect(s.anchor).toBe(66);
    // 66 − 0.3·36 = 55.2; 55.2 − 0.3·25.2 = 47.64
    expect(sellerReplies(s).map((r) => r.price)).toEqual([55.2, 47.64]);
  });

  it("makes a final call one round before the end and takes any offer above its bottom line at the end", () => {
    const s = playOffers(resolveSeller("craigslist-bot@1"), h, [30, 30, 30, 30, 30, 33]);
    const replies = sellerReplies(s);
    const finalCall = replies[4];
    expect(finalCall?.action).toBe("counter");
    expect(finalCall?.message).toMatch(/final|last offer/i);
    expect(finalCall?.message).toContain(formatRupees(finalCall?.price as number));
    expect(replies[5]).toMatchObject({ action: "accept", price: 33 });
    expect(s.outcome).toBe("deal");
  });

  it("never quotes below its bottom line", () => {
    const s = playOffers(resolveSeller("craigslist-bot@1"), h, [1, 1, 1, 1, 1, 1]);
    const quotes = sellerReplies(s).map((r) => r.price as number);
    expect(Math.min(...quotes)).toBeGreaterThanOrEqual(31.5);
    expect(s.outcome).toBe("expired");
  });
});
