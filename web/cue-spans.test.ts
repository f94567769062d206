import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { exclusiveSpans, readCues } from "../env/tells/verbal";
import { type CueMark, renderCueText } from "./cue-spans";

const visibleText = (html: string) =>
  html
    .replace(/<[^>]*>/g, "")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&");

describe("renderCueText", () => {
  it("escapes seller text that carries markup", () => {
    const html = renderCueText('<script>alert("x")</script> & <img src=x onerror=1>', []);
    expect(html).toBe("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &lt;img src=x onerror=1&gt;");
    expect(html).not.toContain("<script");
  });

  it("wraps each span in a focusable mark with its signal and explanation", () => {
    const msg = "Only today, final price.";
    const spans: CueMark[] = [
      { start: 0, end: 10, signal: "urgency", explanation: "a deadline" },
      { start: 12, end: 23, signal: "confidence", explanation: 'says "final"' },
    ];
    expect(renderCueText(msg, spans)).toBe(
      '<mark class="cue cue-urgency" tabindex="0" data-tip="Hurry: a deadline">Only today</mark>, ' +
        '<mark class="cue cue-confidence" tabindex="0" data-tip="Confidence: says &quot;final&quot;">final price</mark>.',
    );
  });

  it("escapes text inside a span and leaves bad spans as plain text", () => {
    const msg = "<b>now</b> or never";
    const html = renderCueText(msg, [
      { start: 0, end: 10, signal: "urgency", explanation: "<i>x</i>" },
      { start: 5, end: 12, signal: "deception", explanation: "overlaps the first" },
      { start: 14, end: 99, signal: "urgency", explanation: "past the end" },
      {
        start: 11,
        end: 13,
        signal: 'evil" onmouseover="x' as CueMark["signal"],
        explanation: "unknown signal",
      },
    ]);
    expect(html).toBe(
      '<mark class="cue cue-urgency" tabindex="0" data-tip="Hurry: &lt;i&gt;x&lt;/i&gt;">&lt;b&gt;now&lt;/b&gt;</mark> or never',
    );
  });

  it("marks exactly the server's exclusive spans for a real seller line", () => {
    const msg = "Another buyer came this morning; decide quickly, the price is fixed.";
    const spans = exclusiveSpans(readCues(msg).spans);
    expect(spans.length).toBeGreaterThan(0);
    const html = renderCueText(msg, spans);
    expect(html.match(/<mark /g)?.length).toBe(spans.length);
    expect(visibleText(html)).toBe(msg);
  });

  it("never changes the text, whatever the message and spans", () => {
    const span = fc.record({
      start: fc.integer({ min: -3, max: 40 }),
      end: fc.integer({ min: -3, max: 40 }),
      signal: fc.constantFrom("urgency", "deception", "confidence", "sympathy", "condition"),
      explanation: fc.string(),
    });
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), fc.array(span, { maxLength: 6 }), (msg, spans) => {
        const html = renderCueText(msg, spans);
        expect(visibleText(html)).toBe(msg);
        expect(html.replace(/<\/?mark[^>]*>/g, "")).not.toMatch(/[<>]/);
      }),
    );
  });
});
