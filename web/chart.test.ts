import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { DialogueTurn } from "../src/wire/env-types";
import { type ChartInput, linearScale, priceTicks, renderPriceChart, seriesFromDialogue } from "./chart";

const base: ChartInput = {
  id: "c",
  maxRounds: 8,
  budget: 100,
  sellerAsks: [
    { round: 0, price: 80 },
    { round: 1, price: 72 },
  ],
  buyerOffers: [{ round: 1, price: 40 }],
  deal: null,
  hidden: null,
};

describe("linearScale", () => {
  it("maps the domain's ends onto the range's ends, flipped ranges included", () => {
    const y = linearScale(0, 200, 186, 14);
    expect(y(0)).toBe(186);
    expect(y(200)).toBe(14);
    expect(y(100)).toBe(100);
  });

  it("maps a point domain to the range start instead of dividing by zero", () => {
    expect(linearScale(5, 5, 10, 20)(5)).toBe(10);
  });
});

describe("priceTicks", () => {
  it("starts at zero, reaches the maximum and uses round steps", () => {
    expect(priceTicks(105)).toEqual([0, 25, 50, 75, 100, 125]);
    expect(priceTicks(4200)).toEqual([0, 1000, 2000, 3000, 4000, 5000]);
    expect(priceTicks(0)).toEqual([0, 0.2, 0.4, 0.6, 0.8, 1]);
  });

  it("always covers the maximum with a handful of evenly spaced ticks", () => {
    fc.assert(
      fc.property(fc.double({ min: 0.01, max: 1e7, noNaN: true }), (max) => {
        const t = priceTicks(max);
        expect(t[0]).toBe(0);
        expect(t[t.length - 1]).toBeGreaterThanOrEqual(max);
        expect(t.length).toBeGreaterThanOrEqual(3);
        expect(t.length).toBeLessThanOrEqual(12);
      }),
    );
  });
});

describe("seriesFromDialogue", () => {
  it("takes seller asks and buyer offers, skipping accepts, walks and missing prices", () => {
    const turns: DialogueTurn[] = [
      { round: 0, speaker: "seller", action: "open", price: 90, message: "" },
      { round: 1, speaker: "buyer", action: "offer", price: 40, message: "" },
      { round: 1, speaker: "seller", action: "counter", price: 80, message: "" },
      { round: 2, speaker: "buyer", action: "offer", price: null, message: "" },
      { round: 2, speaker: "seller", action: "accept", price: 50, message: "" },
      { round: 3, speaker: "buyer", action: "walk", price: null, message: "" },
    ];
    expect(seriesFromDialogue(turns)).toEqual({
      sellerAsks: [
        { round: 0, price: 90 },
        { round: 1, price: 80 },
      ],
      buyerOffers: [{ round: 1, price: 40 }],
    });
  });
});

describe("renderPriceChart", () => {
  it("draws a point per price and a budget line, and shows the hidden band only once revealed", () => {
    const svg = renderPriceChart(base);
    expect(svg.match(/<circle class="chart-seller-dot"/g)?.length).toBe(2);
    expect(svg.match(/<circle class="chart-buyer-dot"/g)?.length).toBe(1);
    expect(svg).toContain('class="chart-budget"');
    expect(svg).not.toContain("chart-band");
    const revealed = renderPriceChart({
      ...base,
      hidden: { cost: 30, reservation: 45 },
      deal: { round: 2, price: 60 },
    });
    expect(revealed).toContain('class="chart-band"');
    expect(revealed).toContain('class="chart-deal"');
    expect(revealed).toContain("floor was ₹45");
  });

  it("is labelled for screen readers and escapes its id", () => {
    const svg = renderPriceChart({ ...base, id: 'x"><script>' });
    expect(svg).toContain('role="img"');
    expect(svg).toContain('aria-labelledby="x&quot;&gt;&lt;script&gt;-title');
    expect(svg).not.toContain("<script>");
  });

  it("keeps every point inside the drawing", () => {
    const point = fc.record({
      round: fc.integer({ min: 0, max: 12 }),
      price: fc.double({ min: 0, max: 1e6, noNaN: true }),
    });
    fc.assert(
      fc.property(fc.array(point, { maxLength: 12 }), fc.array(point, { maxLength: 12 }), (asks, offers) => {
        const svg = renderPriceChart({ ...base, maxRounds: 12, sellerAsks: asks, buyerOffers: offers });
        for (const m of svg.matchAll(/<circle [^>]*cx="([-\d.]+)" cy="([-\d.]+)"/g)) {
          expect(Number(m[1])).toBeGreaterThanOrEqual(0);
          expect(Number(m[1])).toBeLessThanOrEqual(360);
          expect(Number(m[2])).toBeGreaterThanOrEqual(0);
          expect(Number(m[2])).toBeLessThanOrEqual(220);
        }
      }),
    );
  });
});
