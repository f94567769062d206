import { describe, expect, it } from "vitest";
import { tellsWith } from "../../env/testing/tell-fixtures";
import { blendLlmTells, LLM_TELL_DEFAULTS, parseTellReading } from "./tell-extractor";
import { tellMessages } from "./tell-prompt";

const rule = tellsWith({ verbal_urgency: 0.4, emotional_escalation: 0.2 });

describe("LLM tell extractor parsing and blending", () => {
  it("clamps numbers, scores unreadable ones 0.5, validates enums and fills defaults", () => {
    const r = parseTellReading(
      '```json\n{"urgency": 1.7, "confidence": "high", "deception": -1, "offer_speed": "glacial", "concession_pattern": "stalling", "condition_label": "junk",}\n```',
    );
    expect(r).toEqual({
      ...LLM_TELL_DEFAULTS,
      urgency: 1,
      confidence: 0.5,
      deception: 0,
      concession_pattern: "stalling",
      condition_label: "junk",
    });
    expect(parseTellReading("no idea")).toBeNull();
  });

  it("blends 0.45 rule / 0.55 model and lets a rule condition label stand", () => {
    const llm = {
      ...LLM_TELL_DEFAULTS,
      urgency: 0.8,
      deception: 0.7,
      condition_label: "good" as const,
      condition_score: 0.55,
    };
    const out = blendLlmTells(rule, llm);
    expect(out.verbal_urgency).toBe(0.62);
    expect(out.verbal_deception_cue).toBe(0.385);
    expect(out.condition_label).toBe("good");
    expect(out.fidget_level).toBe(0.3);
    const ruled = blendLlmTells({ ...rule, condition_label: "new" }, llm);
    expect(ruled.condition_label).toBe("new");
  });

  it("prompts with few-shots, at most three earlier lines and the message", () => {
    const m = tellMessages("Last price, boss.", ["a", "b", "c", "d"]);
    const last = m.at(-1)?.content ?? "";
    expect(last).toContain("Seller: Last price, boss.");
    expect(last).toContain("b\nc\nd");
    expect(last).not.toContain("a\n");
    expect(m.filter((x) => x.role === "assistant")).toHaveLength(9);
  });
});
