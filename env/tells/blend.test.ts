import { describe, expect, it } from "vitest";
import { tellsWith } from "../testing/tell-fixtures";
import { blendTells } from "./blend";
import { readCues } from "./verbal";

const model = tellsWith({ verbal_deception_cue: 0.1 });

describe("blendTells", () => {
  it("a competing-offer claim raises the deception cue over the same model tells without it", () => {
    const plain = blendTells(model, readCues("bhai 500 final karo"));
    const bluff = blendTells(model, readCues("bhai 500 karo, 3 other offers hain"));
    expect(plain.verbal_deception_cue).toBe(0.1);
    expect(bluff.verbal_deception_cue).toBe(0.458); // 0.45·0.1 + 0.55·0.75 = 0.4575 → 3 dp
    expect(bluff.verbal_deception_cue).toBeGreaterThan(plain.verbal_deception_cue);
  });

  it("blends only the signals the message carries and keeps body language", () => {
    const out = blendTells(model, readCues("jaldi karo, isse kam nahi"));
    expect(out.verbal_urgency).toBe(0.42); // 0.09 + 0.33
    expect(out.verbal_confidence).toBe(0.655); // 0.27 + 0.385
    expect(out.verbal_deception_cue).toBe(0.1);
    expect(out).toMatchObject({ fidget_level: 0.3, eye_contact: "steady", posture: "neutral" });
  });

  it("sympathy comes from the words alone", () => {
    expect(blendTells(model, readCues("I'm making a loss")).verbal_sympathy).toBe(0.6);
    expect(blendTells({ ...model, verbal_sympathy: 0.9 }, readCues("hello")).verbal_sympathy).toBe(0);
  });

  it("condition fields come from the worst disclosure when there is one", () => {
    expect(blendTells(model, readCues("thoda sa dent hai"))).toMatchObject({
      condition_score: 0.5,
      depreciation_score: 0.6,
      condition_label: "acceptable",
    });
    expect(blendTells(model, readCues("kitna doge"))).toMatchObject({
      condition_score: 1,
      depreciation_score: 0,
      condition_label: "unknown",
    });
  });
});
