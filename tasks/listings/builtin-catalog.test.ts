import { describe, expect, it } from "vitest";
import { BUILTIN_CATALOG, BUILTIN_CATALOG_VERSION } from "./builtin-catalog";
import { listingEconomics } from "./listing";

describe("BUILTIN_CATALOG", () => {
  it("has at least 150 products in at least 10 categories", () => {
    expect(BUILTIN_CATALOG.length).toBeGreaterThanOrEqual(150);
    expect(new Set(BUILTIN_CATALOG.map((l) => l.category)).size).toBeGreaterThanOrEqual(10);
  });

  it("spans cheap accessories to big-ticket items within ₹200–₹80,000", () => {
    for (const l of BUILTIN_CATALOG) {
      expect(l.streetPrice).toBeGreaterThanOrEqual(200);
      expect(l.listPrice).toBeLessThanOrEqual(80_000);
    }
    expect(Math.min(...BUILTIN_CATALOG.map((l) => l.listPrice))).toBeLessThan(500);
    expect(Math.max(...BUILTIN_CATALOG.map((l) => l.listPrice))).toBeGreaterThan(60_000);
  });

  it("prices every product below its MRP, with a realistic discount", () => {
    for (const l of BUILTIN_CATALOG) {
      expect(l.streetPrice, l.name).toBeLessThan(l.listPrice);
      const off = 1 - l.streetPrice / l.listPrice;
      expect(off, l.name).toBeGreaterThanOrEqual(0.1);
      expect(off, l.name).toBeLessThanOrEqual(0.65);
    }
  });

  it("has unique ids in the bi-NNN form and unique names", () => {
    const ids = BUILTIN_CATALOG.map((l) => l.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^bi-\d{3}$/);
    expect(ids[0]).toBe("bi-001");
    const names = BUILTIN_CATALOG.map((l) => l.name.toLowerCase());
    expect(new Set(names).size).toBe(names.length);
  });

  it("marks every listing as built-in and leaves the seller's cost above zero and below budget", () => {
    for (const l of BUILTIN_CATALOG) {
      expect(l.source).toBe("builtin");
      const e = listingEconomics(l);
      expect(e.sellerCost).toBeGreaterThan(0);
      expect(e.sellerCost * 1.05).toBeLessThan(e.buyerBudget);
    }
  });

  it("is frozen and versioned", () => {
    expect(Object.isFrozen(BUILTIN_CATALOG)).toBe(true);
    expect(Object.isFrozen(BUILTIN_CATALOG[0])).toBe(true);
    expect(BUILTIN_CATALOG_VERSION).toMatch(/^\d+$/);
  });
});
