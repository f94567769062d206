import { describe, expect, it } from "vitest";
import { parseMarkup } from "./markup";

describe("parseMarkup", () => {
  it("strips the notation and records where each labelled phrase sits", () => {
    const { text, spans } = parseMarkup("bhai [[u:jaldi karo]], [[c=good:thoda scratch]] hai");
    expect(text).toBe("bhai jaldi karo, thoda scratch hai");
    expect(spans).toEqual([
      { start: 5, end: 15, signal: "urgency" },
      { start: 17, end: 30, signal: "condition", label: "good" },
    ]);
    for (const s of spans) expect(text.slice(s.start, s.end)).not.toContain("[");
  });

  it("puts two signals on one phrase and counts Devanagari in code units", () => {
    const { text, spans } = parseMarkup("अरे [[s,u:घाटा हो रहा है]]");
    expect(spans.map((s) => s.signal)).toEqual(["urgency", "sympathy"]);
    expect(text.slice(spans[0]!.start, spans[0]!.end)).toBe("घाटा हो रहा है");
  });

  it("rejects unknown codes, a condition without a grade and a grade on another signal", () => {
    expect(() => parseMarkup("[[x:hi]]")).toThrow(/unknown signal/);
    expect(() => parseMarkup("[[c:new]]")).toThrow(/grade/);
    expect(() => parseMarkup("[[u=new:now]]")).toThrow(/only condition/);
    expect(() => parseMarkup("[[u:now")).toThrow(/bad markup/);
  });
});
