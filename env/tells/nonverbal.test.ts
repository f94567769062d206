import { describe, expect, it } from "vitest";
import { Rng, rngFor } from "../prng";
import { isStalling, nonverbalTells, type SellerHiddenState, trueUrgency } from "./nonverbal";
import { TellObservation } from "./tell-observation";

/** Gaussian draws come from a script (then 0), so formulas can be checked by hand. */
class ScriptedRng extends Rng {
  readonly calls: Array<[number, number]> = [];
  constructor(private readonly script: number[] = []) {
    super(1);
  }
  override gaussian(mean = 0, sd = 1): number {
    this.calls.push([mean, sd]);
    return this.script.shift() ?? mean;
  }
}

const base: SellerHiddenState = {
  profile: "default",
  round: 4,
  maxRounds: 8,
  inventoryPressure: 0.5,
  priorOffer: 60,
  anchor: 60,
  reservation: 31.5,
  counters: [],
};

describe("trueUrgency", () => {
  it("is time pressure alone in round 1 (prior offer = anchor)", () => {
    expect(trueUrgency({ ...base, round: 1 })).toBeCloseTo(0.0625, 10);
  });
  it("adds 0.3 × the share of the anchor→reservation gap already conceded", () => {
    // 0.5·4/8 = 0.25; pp = 1 − (42 − 31.5)/(60 − 31.5) = 0.631579
    expect(trueUrgency({ ...base, priorOffer: 42 })).toBeCloseTo(0.25 + 0.3 * (1 - 10.5 / 28.5), 10);
  });
  it("caps at 1 and ignores the concession term when anchor ≤ reservation", () => {
    expect(trueUrgency({ ...base, inventoryPressure: 3, priorOffer: 31.5 })).toBe(1);
    expect(trueUrgency({ ...base, anchor: 30, reservation: 31.5, priorOffer: 30 })).toBe(0.25);
  });
});

describe("nonverbalTells with noise = 0", () => {
  const u = 0.25 + 0.3 * (1 - 10.5 / 28.5);
  it("default persona follows the §6.2 column", () => {
    const t = nonverbalTells({ ...base, priorOffer: 42 }, new ScriptedRng());
    expect(t.verbal_urgency).toBe(Math.round(0.6 * u * 1000) / 1000);
    expect(t.verbal_confidence).toBe(Math.round((0.6 - 0.3 * u) * 1000) / 1000);
    expect(t.fidget_level).toBe(Math.round(0.4 * u * 1000) / 1000);
    expect(t.eye_contact).toBe("steady"); // u ≈ 0.44 < 0.5
  });
  it("deceptive persona inverts urgency and leaks it through deception and topic changes", () => {
    const t = nonverbalTells({ ...base, profile: "deceptive", priorOffer: 42 }, new ScriptedRng());
    expect(t.verbal_urgency).toBe(0.1);
    expect(t.verbal_confidence).toBe(Math.round((0.3 + 0.5 * u) * 1000) / 1000);
    expect(t.verbal_deception_cue).toBe(Math.round(0.7 * u * 1000) / 1000);
    expect(t.fidget_level).toBe(Math.round(0.6 * u * 1000) / 1000);
    expect(t.topic_changes).toBe(Math.trunc(3 * u));
    expect(t).toMatchObject({
      eye_contact: "intense",
      posture: "leaning_in",
      price_rounding: "precise",
      offer_speed: "instant",
      concession_pattern: "erratic",
    });
  });
  it("impatient persona is driven by the round", () => {
    const t = nonverbalTells({ ...base, profile: "impatient", round: 3 }, new ScriptedRng());
    expect(t).toMatchObject({
      verbal_urgency: 0.7,
      verbal_confidence: 0.55,
      fidget_level: 0.54,
      emotional_escalation: 0.36,
      eye_contact: "avoidant",
      posture: "arms_crossed",
      offer_speed: "instant",
      concession_pattern: "front_loaded",
      verbal_deception_cue: 0,
    });
    const early = nonverbalTells({ ...base, profile: "impatient", round: 2 }, new ScriptedRng());
    expect(early).toMatchObject({ eye_contact: "intense", posture: "neutral" });
  });
  it("collaborative persona is honest and deliberate", () => {
    const t = nonverbalTells({ ...base, profile: "collaborative", priorOffer: 42 }, new ScriptedRng());
    expect(t.verbal_urgency).toBe(Math.round(0.8 * u * 1000) / 1000);
    expect(t.verbal_confidence).toBe(0.5);
    expect(t.fidget_level).toBe(Math.round(0.3 * u * 1000) / 1000);
    expect(t).toMatchObject({ eye_contact: "steady", posture: "leaning_in", offer_speed: "deliberate" });
  });
  it("fills sympathy and condition with their neutral defaults", () => {
    const t = nonverbalTells(base, new ScriptedRng());
    expect(t).toMatchObject({
      verbal_sympathy: 0,
      condition_score: 1,
      depreciation_score: 0,
      condition_label: "unknown",
      repeat_phrases: 0,
    });
  });
});

describe("eye contact threshold and noise", () => {
  it("default eye contact is steady below u = 0.5", () => {
    expect(nonverbalTells({ ...base, round: 1 }, new ScriptedRng()).eye_contact).toBe("steady");
    expect(nonverbalTells({ ...base, inventoryPressure: 2 }, new ScriptedRng()).eye_contact).toBe("avoidant");
  });
  it("each noise() is a fresh N(0, 0.1) draw, applied per field and clamped", () => {
    const rng = new ScriptedRng([0.05, -0.02, 0.9]);
    const t = nonverbalTells({ ...base, round: 1 }, rng);
    const u = 0.0625;
    expect(t.verbal_urgency).toBe(Math.round((0.6 * u + 0.05) * 1000) / 1000);
    expect(t.verbal_confidence).toBe(Math.round((0.6 - 0.3 * u - 0.02) * 1000) / 1000);
    expect(t.fidget_level).toBe(Math.round((0.4 * u + 0.9) * 1000) / 1000);
    expect(rng.calls).toEqual([
      [0, 0.1],
      [0, 0.1],
      [0, 0.1],
    ]);
    const clamped = nonverbalTells({ ...base, round: 1 }, new ScriptedRng([5, -5]));
    expect(clamped.verbal_urgency).toBe(1);
    expect(clamped.verbal_confidence).toBe(0);
  });
  it("deceptive topic changes use a N(0, 0.5) draw and never go negative", () => {
    const rng = new ScriptedRng([0, 0, 0, 0, -3]);
    const t = nonverbalTells({ ...base, profile: "deceptive" }, rng);
    expect(rng.calls[4]).toEqual([0, 0.5]);
    expect(t.topic_changes).toBe(0);
  });
});

describe("meta-tell", () => {
  it("needs two counters less than 1.0 apart", () => {
    expect(isStalling([])).toBe(false);
    expect(isStalling([31.5])).toBe(false);
    expect(isStalling([36, 31.5])).toBe(false);
    expect(isStalling([31.5, 31.5])).toBe(true);
    expect(isStalling([32.4, 31.5])).toBe(true);
    expect(isStalling([32.5, 31.5])).toBe(false);
  });
  it("overrides the persona pattern with stalling and sets repeat_phrases", () => {
    for (const profile of ["default", "deceptive", "impatient", "collaborative"] as const) {
      const t = nonverbalTells({ ...base, profile, counters: [54, 31.5, 31.5] }, new ScriptedRng());
      expect(t.concession_pattern).toBe("stalling");
      expect(t.repeat_phrases).toBe(1);
    }
  });
});

describe("with a real seeded stream", () => {
  it("always yields a schema-valid observation with 3-dp floats, reproducibly", () => {
    for (let round = 1; round <= 10; round++) {
      for (const profile of ["default", "deceptive", "impatient", "collaborative"] as const) {
        const h = { ...base, profile, round, maxRounds: 10, priorOffer: 60 - 3 * round };
        const a = nonverbalTells(h, rngFor(7, "tells", 1, round));
        const b = nonverbalTells(h, rngFor(7, "tells", 1, round));
        expect(a).toEqual(b);
        expect(TellObservation.parse(a)).toEqual(a);
        for (const v of [a.verbal_urgency, a.verbal_confidence, a.fidget_level, a.emotional_escalation]) {
          expect(Math.round(v * 1000) / 1000).toBe(v);
        }
      }
    }
  });
});
