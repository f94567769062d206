import { clamp01 } from "../../env/money";

/**
 * Time-dependent concession in the GENIUS convention (Faratin, Sierra & Jennings 1998; the
 * ANAC "TimeDependentAgent" family). With t = round / maxRounds in [0, 1]:
 *
 *   f(t)      = k + (1 − k) · t^(1/e)
 *   target(t) = ceiling − (ceiling − reservation) · f(t)
 *
 * so f(0) = k (the opening quote, k = 0 opens at the ceiling) and f(1) = 1 (the reservation
 * at the deadline) for every e > 0. Boulware e < 1 holds out and concedes late, Linear
 * e = 1 concedes evenly, Conceder e > 1 concedes early. Hardliner e = 0 is the limit
 * e → 0: t^(1/0) is 0 for t < 1, and GENIUS defines the whole curve as f ≡ k, so a
 * Hardliner never moves — not even at the deadline.
 */
export function concession(t: number, e: number, k: number): number {
  const tc = clamp01(t);
  if (e <= 0) return k;
  return k + (1 - k) * tc ** (1 / e);
}

export function targetPrice(t: number, e: number, k: number, ceiling: number, reservation: number): number {
  return ceiling - (ceiling - reservation) * concession(t, e, k);
}
