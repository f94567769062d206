import { describe, expect, it } from "vitest";
import { priceMentions } from "./numbers/mentions";
import { REDACTION_LINES } from "./redaction/redaction-lines";
import { leaksHidden, leaksReservation, mentionsReservation, redactHidden } from "./reservation-leak";

const hidden = (r: number) => [r, r * 0.9];

describe("hidden values in text", () => {
  it.each([
    ["I can't go below 31.5", 31.5],
    ["31.50 is my limit", 31.5],
    ["okay ₹32 then", 31.5],
    ["fine, 31 rupees", 31.5],
    ["₹31,500 and not a paisa less", 31500],
    ["31,500 final", 31500],
    ["31.5k is the best", 31500],
    ["Rs. 31500 only", 31500],
    ["1.2 lakh, last", 120000],
    ["my number is $1,095.15", 1095.15],
    ["thirty one and a half, bhai", 31.5],
    ["Saade ikattis se kam nahi.", 31.5],
    ["₹३१.५ final", 31.5],
    ["31,5 is it", 31.5],
  ])("finds and cuts %j (reservation %d)", (text, r) => {
    expect(mentionsReservation(text, r)).toBe(true);
    const red = redactHidden(text, hidden(r), null);
    expect(red.leaked).toEqual([0]);
    expect(mentionsReservation(red.text, r)).toBe(false);
    expect(REDACTION_LINES).toContain(red.text);
  });

  it.each([
    ["₹54 is my price", 31.5],
    ["I have 3 other offers", 31.5],
    ["₹1,490 is fair", 1095.15],
    ["131 rupees", 31.5],
    ["31.6 and not less", 31.5],
  ])("leaves %j alone (reservation %d)", (text, r) => {
    expect(mentionsReservation(text, r)).toBe(false);
    expect(redactHidden(text, hidden(r), null)).toEqual({ text, leaked: [] });
  });

  it("finds the cost too, and says which hidden value leaked", () => {
    expect(redactHidden("It cost me 30 myself.", [31.5, 30], 45).leaked).toEqual([1]);
    expect(redactHidden("It cost me 30, I stop at 31.5.", [31.5, 30], 45).leaked).toEqual([0, 1]);
  });

  it("keeps the move's own price even when it equals the reservation", () => {
    const text = "Okay, ₹32 it is. Deal.";
    expect(redactHidden(text, [31.5, 30], 31.5)).toEqual({ text, leaked: [] });
    // The same words with the price elsewhere: the redaction does not depend on where the floor is.
    expect(redactHidden(text, [31.9, 30], 31.5)).toEqual({ text, leaked: [] });
    expect(leaksHidden(text, [31.5], 31.5)).toBe(false);
    expect(leaksHidden(text, [31.5], 45)).toBe(true);
  });

  it("cuts only the leaking clause beside the move's own price, leaving whole sentences", () => {
    const [a, b] = [
      redactHidden("₹45 is fair, I paid 30.", [31.5, 30], 45).text,
      redactHidden("I paid 30, so ₹45 it is.", [31.5, 30], 45).text,
    ];
    expect(a).toMatch(/^₹45 is fair\. [A-Z][^\d]*\.$/);
    expect(b).toMatch(/^[A-Z][^\d]*\. So ₹45 it is\.$/);
  });

  it("never leaves half a number behind", () => {
    const red = redactHidden("Fine. 31,5 is my floor. Deal?", [31.5], 45).text;
    expect(red).toMatch(/^Fine\. [A-Z][^\d,]*\. Deal\?$/);
    expect(priceMentions(red)).toEqual([]);
  });

  it("the eval's detector ignores a turn's own quote but not a floor phrase", () => {
    expect(leaksReservation([{ message: "₹32, final.", price: 31.5 }], 31.5)).toBe(false);
    expect(leaksReservation([{ message: "₹32, final.", price: 40 }], 31.5)).toBe(true);
    expect(leaksReservation([{ message: "Bottom line is 40", price: 45 }], 31.5)).toBe(true);
  });
});
