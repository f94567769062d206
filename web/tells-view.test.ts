import { describe, expect, it } from "vitest";
import type { TellObservation } from "../src/wire/env-types";
import { renderTells, TELL_BARS } from "./tells-view";

const tells: TellObservation = {
  verbal_urgency: 0.62,
  verbal_confidence: 0.2,
  verbal_deception_cue: 0,
  verbal_sympathy: 0.1,
  price_rounding: "round",
  offer_speed: "deliberate",
  concession_pattern: "front_loaded",
  fidget_level: 0.5,
  eye_contact: "avoidant",
  posture: "arms_crossed",
  repeat_phrases: 2,
  topic_changes: 1,
  emotional_escalation: 0.9,
  condition_score: 0.7,
  depreciation_score: 0.25,
  condition_label: "very_good",
};

describe("renderTells", () => {
  it("invites an offer before there is anything to read", () => {
    expect(renderTells(null)).toContain("No read on the seller yet");
  });

  it("draws one labelled gauge per numeric tell with its value", () => {
    const html = renderTells(tells);
    expect(html.match(/<meter /g)?.length).toBe(TELL_BARS.length);
    expect(TELL_BARS).toHaveLength(6);
    expect(html).toContain('value="0.62" aria-label="Hurry: 62%"');
    expect(html).toContain('aria-label="Getting heated: 90%"');
  });

  it("puts the categorical tells and the stated condition into plain words", () => {
    const html = renderTells(tells);
    for (const words of [
      "looks away",
      "arms crossed",
      "big early drops",
      "after a long think",
      "very good",
      "round number",
    ]) {
      expect(html).toContain(words);
    }
    expect(html).toMatch(/Repeats themself<\/dt><dd>2</);
  });
});
