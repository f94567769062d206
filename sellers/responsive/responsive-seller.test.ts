import { describe, expect, it } from "vitest";
import { NEUTRAL_SELLER_TYPE, type SellerType } from "../../env/seller-type";
import { resolveSeller } from "../registry";
import { type HarnessSetup, playOffers, sellerReplies } from "../testing/episode-harness";
import { aimFor, curve, sellerDue } from "./responsive-seller";

const seller = resolveSeller("responsive@1");
// cost 40, margin 0.25 → floor 50; ask 100.
const calm: SellerType = {
  ...NEUTRAL_SELLER_TYPE,
  margin: 0.25,
  walk_risk: 0,
  bluff_rate: 0,
  stock_pressure: 0,
};
const h = (type: SellerType, seed = 3): HarnessSetup => ({
  seed,
  cost: 40,
  anchorBase: 100,
  rounds: 8,
  budget: 120,
  sellerType: type,
});
const quotes = (offers: number[], type: SellerType = calm, seed = 3) =>
  sellerReplies(playOffers(seller, h(type, seed), offers)).map((r) => r.price);

describe("responsive@1", () => {
  it("takes its floor from the hidden margin and opens at the task's ask", () => {
    const s = playOffers(seller, h(calm), []);
    expect(s.reservation).toBe(50);
    expect(s.anchor).toBe(100);
  });

  it("reciprocates: a buyer who raises gets lower counters than one who holds still", () => {
    const type = { ...calm, reactivity: 0.6 };
    const raising = quotes([30, 36, 42, 48], type);
    const holding = quotes([30, 30, 30, 30], type);
    for (let i = 1; i < 4; i++) expect(raising[i] as number).toBeLessThan(holding[i] as number);
  });

  it("anchors on the first offer: a low (not insulting) opener leads to lower counters later", () => {
    const low = quotes([30, 31, 32, 33, 34, 35], { ...calm, reactivity: 0 });
    const high = quotes([60, 61, 62, 63, 64, 65], { ...calm, reactivity: 0 });
    expect(low[5] as number).toBeLessThan(high[5] as number);
    expect(aimFor(15, 100, 50, 0.6)).toBe(50);
    expect(aimFor(55, 100, 50, 0.6)).toBeCloseTo(80, 10);
  });

  it("walks more often after insults and stalling than after respectable, moving offers", () => {
    const risky = { ...calm, walk_risk: 0.5 };
    let insultWalks = 0;
    let politeWalks = 0;
    for (let seed = 1; seed <= 40; seed++) {
      const insulting = playOffers(seller, h(risky, seed), [5, 5, 5, 5, 5]);
      const polite = playOffers(seller, h(risky, seed), [30, 33, 36, 39, 42]);
      if (insulting.outcome === "walk") insultWalks++;
      if (polite.outcome === "walk") politeWalks++;
    }
    expect(politeWalks).toBe(0);
    expect(insultWalks).toBeGreaterThan(30);
  });

  it("is bound by the deadline: on the last round stock pressure makes it take offers nearer its floor", () => {
    const offers = [30, 32, 34, 36, 38, 40, 42, 52];
    const pressed = playOffers(seller, h({ ...calm, stock_pressure: 0.9 }), offers);
    const relaxed = playOffers(seller, h({ ...calm, stock_pressure: 0 }), offers);
    expect(pressed.outcome).toBe("deal");
    expect(pressed.agreedPrice).toBe(52);
    expect(relaxed.outcome).toBe("expired");
  });

  it("never quotes below its floor nor above its last quote, whatever the buyer does", () => {
    for (let seed = 1; seed <= 20; seed++) {
      const type = { ...calm, reactivity: 1, concession: 3, patience: 0 };
      const q = quotes([45, 49, 49.5, 49.9, 49.9, 49.9, 49.9], type, seed).filter((x) => x !== null);
      for (let i = 0; i < q.length; i++) {
        expect(q[i] as number).toBeGreaterThanOrEqual(50);
        if (i > 0) expect(q[i] as number).toBeLessThanOrEqual(q[i - 1] as number);
      }
    }
  });

  it("reaches its aim by its due round, later the more patient it is", () => {
    expect(curve(0, 6, 1, 100, 50)).toBe(100);
    expect(curve(6, 6, 1, 100, 50)).toBe(50);
    expect(curve(9, 6, 1, 100, 50)).toBe(50);
    expect(sellerDue({ ...calm, patience: 1 }, 8)).toBeGreaterThan(sellerDue({ ...calm, patience: 0 }, 8));
  });
});
