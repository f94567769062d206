import { describe, expect, it } from "vitest";
import { foldToken, latinSkeletonOf, skeletonOf } from "./text-fold";

const latin = (w: string) => latinSkeletonOf(foldToken(w));

describe("latinSkeletonOf (tells-features/4)", () => {
  it("gives a Devanagari word and its Roman spellings one skeleton", () => {
    for (const [deva, ...roman] of [
      ["जल्दी", "jaldi", "jldi", "jaldee"],
      ["किराया", "kiraya", "kiraaya"],
      ["पक्का", "pakka", "pkka"],
      ["फाइनल", "final", "fnl"],
      ["खराब", "kharab", "khrab"],
      ["घाटा", "ghata", "ghaata"],
    ] as const) {
      for (const r of roman) expect(latin(deva), `${deva} / ${r}`).toBe(latin(r));
    }
  });

  it("keeps words apart that only share vowels", () => {
    expect(latin("दाम")).not.toBe(latin("काम"));
    expect(latin("नया")).not.toBe(latin("पुराना"));
  });

  it("leaves Roman words and other scripts as tells-features/3 did", () => {
    for (const w of ["jaldi", "scratch", "ok", "٣", "😀", ""])
      expect(latin(w)).toBe(skeletonOf(foldToken(w)));
  });

  it("never throws and drops marks it cannot place (nukta, zero-width, stray signs)", () => {
    for (const w of ["ज़्", "\u200dजल्दी\u200c", "ॐ", "\u093f", "क\u0301"])
      expect(typeof latin(w)).toBe("string");
    expect(latin("ज़रूरत")).toBe(latin("जरूरत"));
  });
});
