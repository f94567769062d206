import { describe, expect, it } from "vitest";
import { Rng, rngFor } from "../../env/prng";
import { clipName, type Listing, listingEconomics, sampleListing, shortName } from "./listing";

function item(id: string, listPrice: number, streetPrice: number): Listing {
  return { id, name: `Item ${id}`, category: "Audio", listPrice, streetPrice, source: "builtin" };
}

describe("listingEconomics", () => {
  it("derives the Sennheiser-style vector: MRP 1990, street 1490", () => {
    const e = listingEconomics(item("s", 1990, 1490));
    expect(e).toEqual({ buyerBudget: 1990, anchor: 1990, sellerCost: 1043, fairValue: 1490 });
    // The seller's reservation is 1.05 × cost.
    expect(Math.round(1.05 * e.sellerCost * 100) / 100).toBe(1095.15);
  });

  it("rounds every derived value to cents", () => {
    const e = listingEconomics(item("r", 3990.456, 2490.333));
    expect(e.buyerBudget).toBe(3990.46);
    expect(e.anchor).toBe(3990.46);
    expect(e.sellerCost).toBe(1743.23);
    expect(e.fairValue).toBe(2490.33);
  });
});

describe("shortName", () => {
  it("keeps the text before the first comma, trimmed", () => {
    expect(shortName("  Sennheiser CX 80S In-ear Wired Headphones , with Mic, Black")).toBe(
      "Sennheiser CX 80S In-ear Wired Headphones",
    );
    expect(shortName("No comma here ")).toBe("No comma here");
  });

  it("clips names longer than 80 characters to 77 plus an ellipsis", () => {
    const long = "x".repeat(95);
    const s = shortName(long);
    expect(s).toHaveLength(80);
    expect(s).toBe(`${"x".repeat(77)}...`);
    expect(shortName("y".repeat(80))).toBe("y".repeat(80));
  });

  it("returns an empty string for a name that starts with a comma", () => {
    expect(shortName(", trailing")).toBe("");
  });
});

describe("clipName", () => {
  it("trims and clips without cutting at commas", () => {
    expect(clipName("  Table, with leaves ")).toBe("Table, with leaves");
    expect(clipName("q".repeat(81))).toBe(`${"q".repeat(77)}...`);
  });
});

describe("sampleListing", () => {
  const pool = [item("a", 100, 80), item("b", 200, 150), item("c", 300, 200)];

  it("is reproducible for the same stream", () => {
    const first = sampleListing(pool, rngFor(7, "listing", 1, 0));
    const again = sampleListing(pool, rngFor(7, "listing", 1, 0));
    expect(again).toBe(first);
  });

  it("reaches every listing over many draws", () => {
    const rng = new Rng(42);
    const seen = new Set<string>();
    for (let i = 0; i < 200; i++) seen.add(sampleListing(pool, rng).id);
    expect([...seen].sort()).toEqual(["a", "b", "c"]);
  });

  it("refuses an empty pool", () => {
    expect(() => sampleListing([], new Rng(1))).toThrow(RangeError);
  });
});
