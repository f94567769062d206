import { describe, expect, it } from "vitest";
import {
  leaksReservation,
  mentionsReservation,
  numberMentions,
  REDACTION,
  redactReservation,
} from "./reservation-leak";

describe("reservation in text", () => {
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
  ])("finds %j (reservation %d)", (text, r) => {
    expect(mentionsReservation(text, r)).toBe(true);
    const red = redactReservation(text, r);
    expect(red.redacted).toBe(true);
    expect(mentionsReservation(red.text, r)).toBe(false);
    expect(red.text).toContain(REDACTION);
  });

  it.each([
    ["₹54 is my price", 31.5],
    ["I have 3 other offers", 31.5],
    ["₹1,490 is fair", 1095.15],
    ["131 rupees", 31.5],
  ])("leaves %j alone (reservation %d)", (text, r) => {
    expect(mentionsReservation(text, r)).toBe(false);
    expect(redactReservation(text, r)).toEqual({ text, redacted: false });
  });

  it("parses grouping, decimals and magnitudes", () => {
    expect(numberMentions("₹1,23,456 or 2.5k or 3 lakh").map((m) => m.value)).toEqual([123456, 2500, 300000]);
  });

  it("the redaction itself never trips the leak detector", () => {
    const red = redactReservation("My minimum is 31.5, bhai", 31.5).text;
    expect(leaksReservation([red.replace("minimum", "price")], 31.5)).toBe(false);
    expect(leaksReservation(["Bottom line is 40"], 31.5)).toBe(true);
  });
});
