import { describe, expect, it } from "vitest";
import { verdict } from "./verdict";

describe("verdict", () => {
  const econ = { budget: 100, cost: 30, reservation: 40 };

  it("grades a deal by the share of the room between cost and budget the buyer kept", () => {
    const sharp = verdict({ outcome: "deal", agreedPrice: 40, ...econ });
    expect(sharp.share).toBeCloseTo(60 / 70);
    expect(sharp.headline).toBe("A sharp bargain!");
    expect(sharp.detail).toContain("right at the seller's floor of ₹40");

    const fair = verdict({ outcome: "deal", agreedPrice: 70, ...econ });
    expect(fair.headline).toBe("A fair deal.");
    expect(fair.detail).toContain("would have gone down to ₹40, so ₹30 was still on the table");
    expect(fair.detail).toContain("you kept 43%");

    expect(verdict({ outcome: "deal", agreedPrice: 95, ...econ }).headline).toBe(
      "The seller did nicely out of that one.",
    );
  });

  it("says plainly when the seller's numbers were not revealed", () => {
    const v = verdict({ outcome: "deal", agreedPrice: 70, budget: 100, cost: null, reservation: null });
    expect(v).toEqual({
      headline: "You bought it for ₹70.",
      detail: "You paid ₹70 against a budget of ₹100.",
      share: null,
    });
  });

  it("tells a walk-away whether a deal was possible and who left", () => {
    const missed = verdict({ outcome: "walk", agreedPrice: null, ...econ, walkedBy: "buyer" });
    expect(missed.headline).toBe("You walked away.");
    expect(missed.detail).toContain("a deal was there to be had");
    const wise = verdict({
      outcome: "walk",
      agreedPrice: null,
      budget: 100,
      cost: 90,
      reservation: 120,
      walkedBy: "seller",
    });
    expect(wise.headline).toBe("The seller waved you off.");
    expect(wise.detail).toContain("no deal was possible");
  });

  it("reports running out of time", () => {
    const v = verdict({ outcome: "expired", agreedPrice: null, ...econ });
    expect(v.headline).toBe("Time ran out.");
    expect(v.share).toBeNull();
  });
});
