import { describe, expect, it } from "vitest";
import { sqlLiteral } from "./pg-literal";

describe("Postgres literals for multi-statement commits", () => {
  it("quotes text by doubling quotes only (standard_conforming_strings), numbers as they are, null as NULL", () => {
    expect(sqlLiteral("it's")).toBe("'it''s'");
    expect(sqlLiteral(String.raw`a\'b`)).toBe(String.raw`'a\''b'`);
    expect(sqlLiteral("'; DROP TABLE sessions; --")).toBe("'''; DROP TABLE sessions; --'");
    expect(sqlLiteral(-2.5)).toBe("-2.5");
    expect(sqlLiteral(2 ** 48)).toBe("281474976710656");
    expect(sqlLiteral(null)).toBe("NULL");
  });

  it("refuses what Postgres cannot store or would misread: NaN, Infinity, NUL characters", () => {
    expect(() => sqlLiteral(Number.NaN)).toThrow(TypeError);
    expect(() => sqlLiteral(Number.POSITIVE_INFINITY)).toThrow(TypeError);
    expect(() => sqlLiteral("a\u0000b")).toThrow(TypeError);
  });
});
