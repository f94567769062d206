import { describe, expect, it } from "vitest";
import { offerProblem } from "./offer-check";

describe("offerProblem", () => {
  it("lets a fair offer through", () => {
    expect(offerProblem(40, 100, 60)).toBeNull();
    expect(offerProblem(0, 100, null)).toBeNull();
    expect(offerProblem(100, 100, null)).toBeNull();
  });

  it("stops an offer over the budget, naming the budget", () => {
    expect(offerProblem(100000, 100, 60)).toBe("That is over your budget of ₹100. Offer ₹100 or less.");
  });

  it("stops an offer at or above the seller's ask and points to Accept", () => {
    expect(offerProblem(60, 100, 60)).toMatch(/^The seller only asks ₹60: .*Press Accept to take ₹60/);
    expect(offerProblem(75.5, 100, 60)).toContain("offering ₹75.50");
  });

  it("asks for a number when there is none", () => {
    expect(offerProblem(Number.NaN, 100, 60)).toMatch(/^Name your price/);
    expect(offerProblem(-1, 100, 60)).toMatch(/^Name your price/);
  });
});
