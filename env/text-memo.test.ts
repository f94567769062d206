import { describe, expect, it } from "vitest";
import { memoByText } from "./text-memo";

describe("memoByText", () => {
  it("reads each text once until the bound is reached, then starts afresh", () => {
    const reads: string[] = [];
    const length = memoByText(2, (t) => {
      reads.push(t);
      return t.length;
    });
    expect([length("ab"), length("ab"), length("abc"), length("ab")]).toEqual([2, 2, 3, 2]);
    expect(reads).toEqual(["ab", "abc"]);
    length("abcd"); // a third text: the memo is full, so it is cleared first
    length("ab");
    expect(reads).toEqual(["ab", "abc", "abcd", "ab"]);
  });
});
