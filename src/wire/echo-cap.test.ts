import { describe, expect, it } from "vitest";
import { cappedEcho, ECHO_MAX_CHARS } from "./echo-cap";

describe("cappedEcho", () => {
  it("returns small inputs unchanged", () => {
    for (const v of [null, 5, "forty", true, { type: "offer", price: 40 }, [1, [2, { a: "b" }]]]) {
      expect(cappedEcho(v)).toEqual(v);
    }
  });

  it("cuts long strings and says how much was cut", () => {
    const out = cappedEcho("x".repeat(70_000)) as string;
    expect(out.length).toBeLessThan(ECHO_MAX_CHARS + 40);
    expect(out).toContain(`${70_000 - ECHO_MAX_CHARS} more characters`);
  });

  it("keeps wide and deep values to a few hundred bytes", () => {
    const wide = Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`k${i}`, "v".repeat(500)]));
    let deep: unknown = 1;
    for (let i = 0; i < 60; i++) deep = { a: deep };
    const long = Array.from({ length: 10_000 }, (_, i) => i);
    for (const v of [wide, deep, long]) {
      expect(JSON.stringify(cappedEcho(v)).length).toBeLessThan(6_000);
    }
    expect(JSON.stringify(cappedEcho(wide))).toContain("more keys");
    expect(JSON.stringify(cappedEcho(long))).toContain("more items");
    expect(JSON.stringify(cappedEcho(deep))).toBe('{"a":{"a":{"a":{"a":"{…}"}}}}');
  });
});
