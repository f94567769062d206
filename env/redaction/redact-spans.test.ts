import { describe, expect, it } from "vitest";
import { priceMentions } from "../numbers/mentions";
import { redactSpans } from "./redact-spans";
import { REDACTION_LINES } from "./redaction-lines";

/** Cuts the mentions whose text is `leak`, keeping those whose text is `keep`. */
function cut(text: string, leak: string, keep?: string): string {
  const all = priceMentions(text);
  const spanOf = (s: string) => all.filter((m) => text.slice(m.start, m.end) === s);
  return redactSpans(text, spanOf(leak), keep === undefined ? [] : spanOf(keep), all);
}
const LINE = `(?:${REDACTION_LINES.map((l) => l.replace(/[.?]/g, "\\$&")).join("|")})`;
const shape = (s: string) => new RegExp(`^${s.replaceAll("LINE", LINE)}$`);

describe("redactSpans", () => {
  it("replaces the whole sentence that holds a leak", () => {
    expect(cut("Hello! My floor is 31.5 only. Deal?", "31.5")).toMatch(shape("Hello! LINE Deal\\?"));
  });

  it("does not take an abbreviation or a spaced decimal point for the end of a sentence", () => {
    expect(cut("I paid Rs. 30 for it. Fine?", "30")).toMatch(shape("LINE Fine\\?"));
    expect(cut("Look. 3 1 . 5 is it. Okay.", "3 1 . 5")).toMatch(shape("Look\\. LINE Okay\\."));
  });

  it("makes adjacent leaking sentences one line", () => {
    expect(cut("31.5 is it. 31.5, really. Bye.", "31.5")).toMatch(shape("LINE Bye\\."));
  });

  it("beside a kept price cuts only the clause, ending and starting sentences cleanly", () => {
    expect(cut("₹45 is fair, I paid 30.", "30", "45")).toMatch(shape("₹45 is fair\\. LINE"));
    expect(cut("I paid 30, so ₹45 it is.", "30", "45")).toMatch(shape("LINE So ₹45 it is\\."));
    expect(cut("₹45 — I paid 30 — final.", "30", "45")).toMatch(shape("₹45\\. LINE Final\\."));
  });

  it("keeps line breaks between sentences", () => {
    expect(cut("Hi.\nFloor is 31.5\nBye", "31.5")).toMatch(shape("Hi\\.\nLINE\nBye"));
  });
});
