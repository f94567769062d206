/**
 * The four bazaar personas of the original environment, as data (REFERENCE §5). Released as
 * version 1; any change to these numbers or to the wording is a new version.
 */
export type ClassicPersona = "default" | "deceptive" | "impatient" | "collaborative";

export interface ClassicParams {
  persona: ClassicPersona;
  anchorMultiplier: number;
  reserveMultiplier: number;
  /** Rounds removed from the task's horizon (impatient), never below minRounds. */
  roundsCut: number;
  minRounds: number;
  rateMultiplier: number;
  rateCap: number;
  acceptShare: number;
  batnaMultiplier: number;
  timeAcceptMultiplier: number;
  /** Fake price drops (deceptive): probability, factor, most per episode. */
  bluff: { probability: number; factor: number; max: number } | null;
  /** After a bluff, stiffen back toward the last quote (never above it). */
  pullBack: { probability: number; factor: number } | null;
  /** Extra early drops (impatient): × (1 − perRound·t) for t ≤ rounds. */
  earlyDrop: { rounds: number; perRound: number } | null;
  /** Collaborative smoothing: weight on the midpoint of (costFactor·cost, own last counter) — D9. */
  blend: { weight: number; costFactor: number } | null;
  /** Most pressure lines per episode (null: unlimited). */
  pressureLimit: number | null;
  /**
   * Never say the counter or pressure line used last time again straight away (v2 on). Absent
   * in version 1, whose hash must not move.
   */
  avoidRepeats?: boolean;
  /**
   * Say prices exactly (`formatMoney`: paise where there are some), the number the buyer's screen
   * shows, instead of whole rupees ("₹56" for ₹55.96). Absent before the honest-speech releases.
   */
  exactPrices?: boolean;
}

const base: Omit<ClassicParams, "persona"> = {
  anchorMultiplier: 1,
  reserveMultiplier: 1.05,
  roundsCut: 0,
  minRounds: 4,
  rateMultiplier: 1,
  rateCap: 0.25,
  acceptShare: 0.98,
  batnaMultiplier: 1,
  timeAcceptMultiplier: 1,
  bluff: null,
  pullBack: null,
  earlyDrop: null,
  blend: null,
  pressureLimit: 2,
};

export const CLASSIC_PARAMS: Record<ClassicPersona, ClassicParams> = {
  default: { ...base, persona: "default" },
  deceptive: {
    ...base,
    persona: "deceptive",
    anchorMultiplier: 1.15,
    rateMultiplier: 0.7,
    acceptShare: 1.0,
    timeAcceptMultiplier: 0.6,
    bluff: { probability: 0.3, factor: 0.92, max: 2 },
    pullBack: { probability: 0.25, factor: 1.03 },
    pressureLimit: null,
  },
  impatient: {
    ...base,
    persona: "impatient",
    roundsCut: 2,
    rateMultiplier: 1.5,
    batnaMultiplier: 1.5,
    timeAcceptMultiplier: 1.3,
    earlyDrop: { rounds: 2, perRound: 0.08 },
  },
  collaborative: {
    ...base,
    persona: "collaborative",
    anchorMultiplier: 0.9,
    reserveMultiplier: 1.02,
    rateMultiplier: 1.3,
    acceptShare: 0.95,
    batnaMultiplier: 0.3,
    blend: { weight: 0.3, costFactor: 1.1 },
  },
};
