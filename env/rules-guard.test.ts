import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatMoney } from "./money";
import { restatedLine } from "./notices";
import { guardSellerTurn } from "./rules-guard";

const ctx = {
  buyerOffer: 30,
  reservation: 31.5,
  cost: 30,
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

  it("clamps a counter below the reservation up to it and keeps the seller's words, with the price moved", () => {
    const g = guardSellerTurn({ action: "counter", price: 25, message: "Achha, 25 only, bhai." }, ctx);
    expect([g.action, g.price]).toEqual(["counter", 31.5]);
    expect(g.interventions.map((i) => i.rule)).toEqual(["counter_below_reservation"]);
    expect(g.message).toBe("Achha, 31.50 only, bhai.");
  });

  it("a clamped counter reads exactly like the same counter proposed outright (no restated-line tell)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 3100 }).map((c) => c / 100),
        fc.constantFrom(
          "Theek hai, ₹{p} de do.",
          "{p} last, sir.",
          "For you {p}. Quality maal hai.",
          "Okay fine.",
        ),
        (proposed, template) => {
          const say = (p: number) => template.replace("{p}", Number.isInteger(p) ? String(p) : p.toFixed(2));
          const clamped = guardSellerTurn(
            { action: "counter", price: proposed, message: say(proposed) },
            ctx,
          );
          const outright = guardSellerTurn({ action: "counter", price: 31.5, message: say(31.5) }, ctx);
          expect(clamped.message).toBe(outright.message);
          expect([clamped.action, clamped.price]).toEqual([outright.action, outright.price]);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("a counter turned into something else still gets the restated line", () => {
    const g = guardSellerTurn(
      { action: "counter", price: 25, message: "25 only" },
      { ...ctx, buyerOffer: 40 },
    );
    expect(g.action).toBe("accept");
    expect(g.message).toBe(restatedLine("accept", 40));
  });

  it("whether a counter sits on the reservation is invisible in the words", () => {
    const turn = { action: "counter" as const, price: 40, message: "₹40, my cost was 30. Final." };
    const onFloor = guardSellerTurn(turn, { ...ctx, reservation: 40 });
    const above = guardSellerTurn(turn, { ...ctx, reservation: 35 });
    expect(onFloor.message).toBe(above.message);
    expect(onFloor.message).toMatch(/^₹40\. [A-Z][^\d]*\. Final\.$/);
    expect(onFloor.interventions.map((i) => i.rule)).toEqual(["cost_in_text"]);
  });

  it("redacts the reservation and the cost said beside the counter, however they are written", () => {
    const g = guardSellerTurn(
      {
        action: "counter",
        price: 45,
        message: "Thirty one and a half is my floor. Mera cost tees tha. ₹45?",
      },
      ctx,
    );
    expect(g.interventions.map((i) => i.rule)).toEqual(["reservation_in_text", "cost_in_text"]);
    expect(g.message).toMatch(/^[A-Z][^\d]*\. ₹45\?$/);
  });

  it("says the price again when the leak shared its clause", () => {
    const g = guardSellerTurn({ action: "counter", price: 45, message: "₹45 though I paid 30" }, ctx);
    expect(g.message.endsWith(restatedLine("counter", 45))).toBe(true);
    expect(g.message).not.toContain("30");
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
    // ₹32 rounds to the reservation, but it is the price being accepted: public, so it stays.
    expect(g.interventions.map((i) => i.rule)).toEqual(["offer_at_reservation_accepted"]);
    expect(g.message).toContain("₹32");
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

  it("with sayPrice, every digit mention of the counter, clamped or not, is the formatter's with its currency marker", () => {
    const exact = { ...ctx, sayPrice: formatMoney };
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 4800 }).map((c) => c / 100),
        fc.constantFrom(
          "Theek hai, ₹{p} de do.",
          "Rs. {p} last, sir.",
          "{p} rupees. Final!",
          "{p}/- only",
          "Okay.",
        ),
        (proposed, template) => {
          const say = (p: number) => template.replace("{p}", String(p));
          const g = guardSellerTurn({ action: "counter", price: proposed, message: say(proposed) }, exact);
          const price = g.price as number;
          const written = formatMoney(price);
          expect(g.message.replace(written, "{p}")).toBe(
            template.replace(/(₹|Rs\. )?\{p\}( rupees|\/-)?/u, "{p}"),
          );
          const outright = guardSellerTurn({ action: "counter", price, message: say(price) }, exact);
          expect(outright.message).toBe(g.message);
        },
      ),
      { numRuns: 300 },
    );
  });
});
