import { clamp, clamp01, round2, round4 } from "../money";

/**
 * The seller role's money, in ONE place (docs/seller-role.md quotes these formulas):
 *
 *   span                = max(ask − reservation, 0.01)
 *   profit share        = clamp((price − reservation) / span, −1, 1)           (deals only)
 *   bonus               = min(floor((price − reservation) / 10) × 1, 0.10 × (ask − reservation))
 *                         when price > reservation, else 0
 *   episode reward      = profit share − 0.5 if the deal is below the reservation; 0 without a deal
 *   episode score       = clamp01(episode reward)                             (graders, in [0, 1])
 *
 * The bonus is the original /sell scheme re-derived so every listing can reach it: 1 per 10
 * above the reservation, capped at a tenth of the room between the ask and the reservation.
 * Going below the reservation is allowed (the engine never blocks the agent) and charged.
 */
export const BONUS_STEP = 10;
export const BONUS_PER_STEP = 1;
export const BONUS_CAP_SHARE = 0.1;
export const BELOW_RESERVATION_PENALTY = 0.5;
/** Per structural correction of a seller move (a counter without a price, or above its last quote). */
export const INVALID_MOVE_PENALTY = 0.05;

export interface BonusScheme {
  /** Bonus earned per `step` above the reservation. */
  per_step: number;
  step: number;
  cap: number;
}

export function bonusScheme(ask: number, reservation: number): BonusScheme {
  return {
    per_step: BONUS_PER_STEP,
    step: BONUS_STEP,
    cap: round2(BONUS_CAP_SHARE * Math.max(0, ask - reservation)),
  };
}

export function sellerBonus(price: number | null, ask: number, reservation: number): number {
  if (price === null || price <= reservation) return 0;
  const earned = Math.floor((price - reservation) / BONUS_STEP) * BONUS_PER_STEP;
  return round2(Math.min(earned, bonusScheme(ask, reservation).cap));
}

export function profitShare(price: number, ask: number, reservation: number): number {
  const span = Math.max(ask - reservation, 0.01);
  return round4(clamp((price - reservation) / span, -1, 1));
}

/** The terminal reward of a seller-role episode: negative when the agent sold below its floor. */
export function sellerEpisodeReward(price: number | null, ask: number, reservation: number): number {
  if (price === null) return 0;
  const below = price < reservation ? BELOW_RESERVATION_PENALTY : 0;
  return round4(profitShare(price, ask, reservation) - below);
}

export const sellerEpisodeScore = (price: number | null, ask: number, reservation: number): number =>
  round4(clamp01(sellerEpisodeReward(price, ask, reservation)));
