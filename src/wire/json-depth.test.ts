import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { exceedsJsonDepth, MAX_JSON_DEPTH } from "./json-depth";

const nested = (depth: number): string => "[".repeat(depth) + "]".repeat(depth);

/** The depth of a parsed value, for comparison with the text scan. */
function depthOf(v: unknown): number {
  if (v === null || typeof v !== "object") return 0;
  const kids = Object.values(v as Record<string, unknown>);
  return 1 + kids.reduce<number>((m, k) => Math.max(m, depthOf(k)), 0);
}

describe("exceedsJsonDepth", () => {
  it("accepts exactly the limit and refuses one more", () => {
    expect(exceedsJsonDepth(nested(MAX_JSON_DEPTH))).toBe(false);
    expect(exceedsJsonDepth(nested(MAX_JSON_DEPTH + 1))).toBe(true);
    expect(exceedsJsonDepth(`{"a":${nested(3)}}`, 3)).toBe(true);
    expect(exceedsJsonDepth(`{"a":${nested(2)}}`, 3)).toBe(false);
  });

  it("ignores brackets inside strings, escaped quotes included", () => {
    expect(exceedsJsonDepth(JSON.stringify({ m: "[[[[[[{{{{" }), 1)).toBe(false);
    expect(exceedsJsonDepth(JSON.stringify({ m: 'say \\" [[[[ "' }), 1)).toBe(false);
    expect(exceedsJsonDepth(JSON.stringify([{ m: "\\" }, [[]]]), 2)).toBe(true);
  });

  it("scans a million-deep body without overflowing the stack", () => {
    expect(exceedsJsonDepth(nested(1_000_000))).toBe(true);
  });

  it("agrees with the depth of the parsed value", () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 8 }), fc.integer({ min: 0, max: 8 }), (v, max) => {
        const text = JSON.stringify(v);
        expect(exceedsJsonDepth(text, max)).toBe(depthOf(JSON.parse(text)) > max);
      }),
    );
  });
});
