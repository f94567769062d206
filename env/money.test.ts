import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatMoney, formatPrice, formatRupees, round2, wholeUnits } from "./money";
import { timeDiscount } from "./rewards";

describe("money", () => {
  it("rounds halves the way a reader expects", () => {
    expect(round2(45.225)).toBe(45.23);
    expect(round2(71.915)).toBe(71.92);
    expect(wholeUnits(31.5)).toBe(32);
    expect(wholeUnits(32.5)).toBe(33);
  });

  it("formats rupees with Indian grouping and prices for prompts", () => {
    expect(formatRupees(1099)).toBe("₹1,099");
    expect(formatRupees(123456.4)).toBe("₹1,23,456");
    expect(formatRupees(31.5)).toBe("₹32");
    expect(formatPrice(60)).toBe("60");
    expect(formatPrice(31.5)).toBe("31.5");
    expect(formatPrice(null)).toBe("N/A");
  });

  it("formats money exactly: whole rupees where whole, paise where not (#17 item 5)", () => {
    expect(formatMoney(3499)).toBe("₹3,499");
    expect(formatMoney(3499.3)).toBe("₹3,499.30");
    expect(formatMoney(55.96)).toBe("₹55.96");
    expect(formatMoney(42.5)).toBe("₹42.50");
    expect(formatMoney(123456.05)).toBe("₹1,23,456.05");
    expect(formatMoney(0)).toBe("₹0");
    expect(formatMoney(0.07)).toBe("₹0.07");
    expect(formatMoney(99.999)).toBe("₹100");
    expect(formatMoney(-12.5)).toBe("-₹12.50");
  });

  it("money text reads back as the same number, to the paisa, for every price", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000_00 }), (paise) => {
        const price = paise / 100;
        const text = formatMoney(price);
        expect(Number(text.replace("₹", "").replaceAll(",", ""))).toBe(round2(price));
        expect(text.includes(".")).toBe(paise % 100 !== 0);
      }),
    );
  });

  it("time discount matches REFERENCE §4.3", () => {
    const table = [0.7408, 0.6636, 0.5709, 0.4648, 0.351, 0.239, 0.1414, 0.069, 0.0259];
    table.forEach((v, t) => {
      expect(timeDiscount(t, 8)).toBeCloseTo(v, 4);
    });
    expect(timeDiscount(1, 12)).toBeCloseTo(0.6911, 4);
  });
});
