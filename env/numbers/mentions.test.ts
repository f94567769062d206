import { describe, expect, it } from "vitest";
import { priceMentions } from "./mentions";
import { statesValue } from "./states-value";

const read = (text: string) => priceMentions(text).map((m) => [m.value, text.slice(m.start, m.end)]);
const states = (text: string, v: number) => priceMentions(text).some((m) => statesValue(m, v));

describe("priceMentions", () => {
  // Every spelling from issue #10 item 4 that reached a buyer unredacted.
  it.each([
    ["thirty one and a half", 31.5],
    ["thirty-one point five", 31.5],
    ["₹३१.५", 31.5],
    ["३१,५००", 31_500],
    ["３１.５", 31.5],
    ["₹ 3 1 . 5", 31.5],
    ["3\u200b1.5", 31.5],
    ["63/2", 31.5],
    ["31.5 thousand", 31_500],
    ["thirty one thousand five hundred", 31_500],
    ["₹ 3 1 5 0 0", 31_500],
    ["31 500", 31_500],
    ["31.500", 31_500],
    ["1.2 lakhs", 120_000],
    ["1.2L", 120_000],
    ["0.12 million", 120_000],
    ["5511.8", 5511.77],
    ["31,5", 31.5],
  ])("%j states %d", (text, v) => {
    expect(states(text, v)).toBe(true);
  });

  it.each([
    ["ikattis", 31],
    ["saade ikattis", 31.5],
    ["dhai sau", 250],
    ["dedh lakh", 150_000],
    ["paune do sau", 175],
    ["sava sau", 125],
    ["do hazaar paanch sau", 2500],
    ["ek lakh bees hazaar", 120_000],
    ["half a lakh", 50_000],
    ["a hundred and five", 105],
    ["one hundred thirty one", 131],
    ["2 lakh 50 hazaar", 250_000],
    ["1,23,456", 123_456],
    ["1.234,5", 1234.5],
    ["31½", 31.5],
    ["31 1/2", 31.5],
    ["৩১", 31],
    ["௩௧", 31],
    ["٣١", 31],
    ["3 crore", 30_000_000],
    ["३१ हज़ार", 31_000],
    ["१.२ लाख।", 120_000],
    ["ढाई सौ", 250],
  ])("reads %j as %d", (text, v) => {
    expect(priceMentions(text).map((m) => m.value)).toContain(v);
  });

  it("gives spans in the original text, invisible characters and wide digits included", () => {
    const text = "Rs. ３\u200b１.５ only";
    const [m] = priceMentions(text);
    expect(text.slice(m?.start, m?.end)).toBe("３\u200b１.５");
  });

  it("reads an ambiguous grouping every way it can be meant", () => {
    expect(read("31.500")).toEqual([
      [31_500, "31.500"],
      [31.5, "31.500"],
    ]);
    expect(read("31 500").map(([v]) => v)).toEqual([31, 500, 31_500]);
  });

  it("leaves ordinary words and lists alone", () => {
    expect(read("Come, sit, have some chai. The colour will not fade.")).toEqual([]);
    expect(read("sizes 30,40,50").map(([v]) => v)).toEqual([30, 40, 50]);
    expect(read("I can do ₹48, and that is it.")).toEqual([
      [2, "do"],
      [48, "48"],
    ]);
  });

  it("ends a number at punctuation and other words", () => {
    expect(read("thirty. One more thing").map(([v]) => v)).toEqual([30, 1]);
    expect(read("twenty rupees, five paise").map(([v]) => v)).toEqual([20, 5]);
  });
});
