import { describe, expect, it } from "vitest";
import { formatRupees } from "../env/money";
import { Rng } from "../env/prng";
import { BUYER_LINES, lineBucket, registerChoices, renderBuyerLine } from "./buyer-lines";
import { type BuyerDecision, steer } from "./steering";
import { openingObservation } from "./testing/opening-observation";

const offer = (price: number): BuyerDecision => ({ type: "offer", price, message: "" });
const accept: BuyerDecision = { type: "accept", price: null, message: "" };
const walk: BuyerDecision = { type: "walk", price: null, message: "" };

describe("bank", () => {
  it("has the §8.6 sizes per bucket and register", () => {
    const sizes = Object.fromEntries(
      Object.entries(BUYER_LINES).map(([b, regs]) => [b, Object.values(regs).map((l) => l.length)]),
    );
    expect(sizes).toEqual({
      offer_low: [3, 3, 4, 2, 2],
      offer_mid: [2, 3, 3, 2, 2],
      offer_high: [2, 2, 2, 2, 2],
      accept: [2, 2, 3, 2, 2],
      walk: [2, 2, 2, 2, 2],
    });
  });
  it("offer lines carry exactly one price slot; accept and walk lines none; no duplicates", () => {
    const all: string[] = [];
    for (const [bucket, regs] of Object.entries(BUYER_LINES)) {
      for (const line of Object.values(regs).flat()) {
        all.push(line);
        expect(line.split("{price}").length - 1, line).toBe(bucket.startsWith("offer") ? 1 : 0);
      }
    }
    expect(new Set(all).size).toBe(all.length);
  });
});

describe("bucket and register", () => {
  it("buckets offers by price/ask", () => {
    expect(lineBucket(offer(50), 100)).toBe("offer_low");
    expect(lineBucket(offer(55), 100)).toBe("offer_mid");
    expect(lineBucket(offer(79), 100)).toBe("offer_mid");
    expect(lineBucket(offer(80), 100)).toBe("offer_high");
    expect(lineBucket(offer(80), null)).toBe("offer_high");
    expect(lineBucket(offer(80), 0)).toBe("offer_mid");
    expect(lineBucket(accept, 100)).toBe("accept");
    expect(lineBucket(walk, 100)).toBe("walk");
  });
  it("moves from polite to final as the turns run out", () => {
    expect(registerChoices(0, 8)).toEqual(["polite", "soft"]);
    expect(registerChoices(2, 8)).toEqual(["firm", "soft"]);
    expect(registerChoices(5, 8)).toEqual(["firm", "soft"]);
    expect(registerChoices(6, 8)).toEqual(["curt", "final"]);
    expect(registerChoices(0, 0)).toEqual(["polite", "soft"]);
  });
});

describe("renderBuyerLine", () => {
  it("always names the offer price in whole rupees", () => {
    const rng = new Rng(3);
    for (let turn = 0; turn < 8; turn++) {
      for (const price of [12.4, 31.5, 55, 1099.5]) {
        const line = renderBuyerLine(offer(price), { ask: 100, turnIndex: turn, maxTurns: 8, rng });
        expect(line).toContain(formatRupees(price));
        expect(line).not.toContain("{price}");
      }
    }
  });
  it("draws from the register that matches the turn", () => {
    const rng = new Rng(9);
    const late = [...BUYER_LINES.accept.curt, ...BUYER_LINES.accept.final];
    for (let i = 0; i < 20; i++) {
      expect(late).toContain(renderBuyerLine(accept, { ask: 60, turnIndex: 7, maxTurns: 8, rng }));
    }
  });
  it("prefers unused lines: register first, then the whole bucket, then repeats", () => {
    const rng = new Rng(11);
    const used = new Set<string>();
    const seen: string[] = [];
    for (let i = 0; i < 10; i++) {
      const line = renderBuyerLine(walk, { ask: 60, turnIndex: 0, maxTurns: 8, rng, used });
      seen.push(line);
      used.add(line);
    }
    expect(new Set(seen).size).toBe(10); // the walk bucket has 10 lines: none repeats before all are used
    const again = renderBuyerLine(walk, { ask: 60, turnIndex: 0, maxTurns: 8, rng, used });
    expect([...BUYER_LINES.walk.polite, ...BUYER_LINES.walk.soft]).toContain(again);
  });
  it("treats rendered offer lines as used too", () => {
    const rng = new Rng(5);
    const early = [...BUYER_LINES.offer_low.polite, ...BUYER_LINES.offer_low.soft];
    const used = new Set(early.map((t) => t.replace("{price}", "₹30")));
    for (let seed = 1; seed < 6; seed++) {
      const line = renderBuyerLine(offer(30), {
        ask: 100,
        turnIndex: 0,
        maxTurns: 8,
        rng: new Rng(seed),
        used,
      });
      expect(used.has(line)).toBe(false);
      expect(line).toContain("₹30");
    }
    expect(renderBuyerLine(offer(30), { ask: 100, turnIndex: 0, maxTurns: 8, rng })).toContain("₹30");
  });
  it("is reproducible for a seed and rejects a price-less offer", () => {
    const ctx = { ask: 100, turnIndex: 3, maxTurns: 8 };
    expect(renderBuyerLine(offer(60), { ...ctx, rng: new Rng(42) })).toBe(
      renderBuyerLine(offer(60), { ...ctx, rng: new Rng(42) }),
    );
    expect(() =>
      renderBuyerLine({ type: "offer", price: null, message: "" }, { ...ctx, rng: new Rng(1) }),
    ).toThrow(RangeError);
  });
});

describe("with steering", () => {
  it("a steered offer is re-rendered from the bank and names the steered price", () => {
    const view = openingObservation();

    const rng = new Rng(2);
    const out = steer(view, { type: "offer", price: 20, message: "20 de dunga" }, (d) =>
      renderBuyerLine(d, { ask: 60, turnIndex: 0, maxTurns: 8, rng }),
    );
    expect(out.price).toBe(39);
    expect(out.message).toContain("₹39");
  });
});
