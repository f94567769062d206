import { describe, expect, it } from "vitest";
import { resolveSeller } from "../registry";
import { playOffers, sellerReplies } from "../testing/episode-harness";
import type { TitForTatParams } from "./tit-for-tat-params";
import { mirroredConcession } from "./tit-for-tat-seller";

const h = { seed: 5, cost: 30, anchorBase: 60, rounds: 8 };
const base: TitForTatParams = {
  mode: "relative",
  scale: 1,
  openingConcession: 0.05,
  anchorMultiplier: 1,
  reserveMultiplier: 1.05,
};

describe("tit-for-tat", () => {
  it("mirrors a raise relatively (10 % up earns 10 % off) or absolutely, and never for a drop", () => {
    expect(mirroredConcession(base, 20, 22, 50)).toBeCloseTo(5, 12);
    expect(mirroredConcession({ ...base, mode: "absolute" }, 20, 22, 50)).toBeCloseTo(2, 12);
    expect(mirroredConcession({ ...base, scale: 0.5 }, 20, 22, 50)).toBeCloseTo(2.5, 12);
    expect(mirroredConcession(base, 22, 20, 50)).toBe(0);
  });

  it("makes its opening concession, then moves only when the buyer moves", () => {
    const s = playOffers(resolveSeller("tit-for-tat@1"), h, [20, 20, 22, 22]);
    const quotes = sellerReplies(s).map((r) => r.price);
    // 60 − 0.05·(60 − 31.5) = 58.58; stand still; 10 % raise → 58.58 · 0.9 = 52.72; stand still.
    expect(quotes).toEqual([58.58, 58.58, 52.72, 52.72]);
  });

  it("stops at its reservation however much the buyer raises", () => {
    const s = playOffers(resolveSeller("tit-for-tat@1"), h, [1, 10, 30]);
    expect(sellerReplies(s).map((r) => r.price)).toEqual([58.58, 31.5, 31.5]);
  });
});
