import { describe, expect, it } from "vitest";
import { restatedLine } from "./notices";
import { guardSellerTurn } from "./rules-guard";

const ctx = {
  buyerOffer: 30,
  reservation: 31.5,
  lastQuote: 48,
  acceptAtReservation: false,
  restate: restatedLine,
};

describe("rules guard", () => {
  it("turns an accept below reservation into a counter at the last quote", () => {
    const g = guardSellerTurn({ action: "accept", price: 30, message: "ok 30" }, ctx);
    expect([g.action, g.price]).toEqual(["counter", 48]);
    expect(g.interventions.map((i) => i.rule)).toEqual(["accept_below_reservation"]);
    expect(g.message).toContain("₹48");
  });

  it("clamps a counter below the reservation up to it, and redacts it from the words", () => {
    const g = guardSellerTurn({ action: "counter", price: 25, message: "25 only" }, ctx);
    expect([g.action, g.price]).toEqual(["counter", 31.5]);
    expect(g.interventions.map((i) => i.rule)).toEqual(["counter_below_reservation", "reservation_in_text"]);
    expect(g.message).not.toMatch(/3[12]/);
  });

  it("never lets a counter rise above the last quote", () => {
    const g = guardSellerTurn({ action: "counter", price: 55, message: "55" }, ctx);
    expect(g.price).toBe(48);
    expect(g.interventions[0]?.rule).toBe("counter_above_last_quote");
  });

  it("accepts instead of countering at or below the buyer's acceptable offer", () => {
    const g = guardSellerTurn({ action: "counter", price: 38, message: "38" }, { ...ctx, buyerOffer: 40 });
    expect([g.action, g.price]).toEqual(["accept", 40]);
  });

  it("with acceptAtReservation, any offer at/above the reservation is accepted", () => {
    const g = guardSellerTurn(
      { action: "counter", price: 45, message: "45" },
      { ...ctx, buyerOffer: 32, acceptAtReservation: true },
    );
    expect([g.action, g.price]).toEqual(["accept", 32]);
    // ₹32 rounds to the reservation, so even the acceptance line may not say it.
    expect(g.interventions.map((i) => i.rule)).toEqual([
      "offer_at_reservation_accepted",
      "reservation_in_text",
    ]);
  });

  it("does not walk away from an offer at/above the reservation", () => {
    const g = guardSellerTurn({ action: "walk", price: null, message: "bye" }, { ...ctx, buyerOffer: 35 });
    expect([g.action, g.price]).toEqual(["counter", 48]);
  });

  it("replaces a non-number counter with the last quote", () => {
    const g = guardSellerTurn({ action: "counter", price: Number.NaN, message: "hmm" }, ctx);
    expect(g.price).toBe(48);
    expect(g.interventions[0]?.rule).toBe("counter_not_a_number");
  });

  it("leaves a lawful reply untouched", () => {
    const g = guardSellerTurn({ action: "counter", price: 42, message: "₹42, final" }, ctx);
    expect(g).toEqual({ action: "counter", price: 42, message: "₹42, final", interventions: [] });
  });
});
