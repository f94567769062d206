import { describe, expect, it } from "vitest";
import { Rng } from "../prng";
import { NEUTRAL_SELLER_TYPE } from "../seller-type";
import { headroom, type TypedTellInput, typedTells } from "./typed-tells";

const base: TypedTellInput = {
  type: NEUTRAL_SELLER_TYPE,
  round: 3,
  maxRounds: 8,
  priorOffer: 80,
  reservation: 50,
  buyerOffer: 40,
  counters: [90, 80],
};

function meanOf(f: (i: number) => number, n = 400): number {
  let s = 0;
  for (let i = 0; i < n; i++) s += f(i);
  return s / n;
}

describe("typed (game v2) tells", () => {
  it("fidget reads the headroom above the floor: 0.9 − 1.4 × headroom on average", () => {
    for (const prior of [52, 65, 80, 110]) {
      const h = headroom(prior, 50);
      const avg = meanOf((i) => typedTells({ ...base, priorOffer: prior }, new Rng(i)).fidget_level);
      expect(avg).toBeCloseTo(Math.max(0, 0.9 - 1.4 * h), 1);
    }
  });

  it("show an insult (arms crossed, more escalation) and a near-floor seller (avoidant eyes)", () => {
    const insulted = typedTells({ ...base, buyerOffer: 5 }, new Rng(1));
    const fine = typedTells({ ...base, buyerOffer: 40 }, new Rng(1));
    expect(insulted.posture).toBe("arms_crossed");
    expect(fine.posture).not.toBe("arms_crossed");
    const esc = (offer: number) =>
      meanOf(
        (i) =>
          typedTells({ ...base, buyerOffer: offer, type: { ...base.type, walk_risk: 0.6 } }, new Rng(i))
            .emotional_escalation,
      );
    expect(esc(0)).toBeGreaterThan(esc(40) + 0.3);
    expect(typedTells({ ...base, priorOffer: 52 }, new Rng(2)).eye_contact).toBe("avoidant");
  });

  it("urgency follows the hidden stock pressure, the deception cue the bluff rate", () => {
    const at = (over: Partial<typeof NEUTRAL_SELLER_TYPE>) =>
      typedTells({ ...base, type: { ...base.type, ...over } }, new Rng(3));
    expect(at({ stock_pressure: 1 }).verbal_urgency).toBeGreaterThan(
      at({ stock_pressure: 0 }).verbal_urgency,
    );
    expect(at({ bluff_rate: 1 }).verbal_deception_cue).toBeGreaterThan(
      at({ bluff_rate: 0 }).verbal_deception_cue,
    );
  });

  it("are a pure function of their input and generator", () => {
    expect(typedTells(base, new Rng(9))).toEqual(typedTells(base, new Rng(9)));
  });
});
