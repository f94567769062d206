import { describe, expect, it } from "vitest";
import { normalise, originalSpan, VULGAR_BASE, VULGAR_VALUES } from "./normalise";

describe("normalise", () => {
  it("leaves a plain seller line as it is, with no offset tables", () => {
    expect(normalise("I can do ₹48 — final.")).toEqual({
      text: "I can do ₹48 — final.",
      from: null,
      to: null,
    });
  });

  it("turns digits of every script into ASCII digits", () => {
    expect(normalise("३१ ৩১ ੩੧ ૩૧ ୩୧ ௩௧ ౩౧ ೩೧ ൩൧ ٣١ ۳۱ ３１").text).toBe(Array(12).fill("31").join(" "));
  });

  it("drops invisible format characters and maps offsets back to the original", () => {
    const text = "3\u200b1\u00ad.\u200e5";
    const n = normalise(text);
    expect(n.text).toBe("31.5");
    expect(originalSpan(n, 0, 4)).toEqual([0, text.length]);
    expect(originalSpan(n, 1, 2)).toEqual([2, 3]);
  });

  it("keeps a vulgar fraction as one marker, so it never merges into the digits before it", () => {
    const n = normalise("31½");
    expect(n.text).toBe(`31${String.fromCharCode(VULGAR_BASE)}`);
    expect(VULGAR_VALUES[0]).toBe(0.5);
  });
});
