import type { OfferRow } from "./dialogue";
import { clamp01, round4 } from "./money";

/** Penalties and shaping constants (REFERENCE §4.2, §4.6). Each is counted once per step (D2). */
export const PENALTY = {
  outOfRange: -0.2,
  invalidPrice: -0.2,
  stalling: -0.1,
  walk: -0.3,
  sellerWalked: -0.2,
  expired: -0.15,
} as const;

export const STALL_DELTA = 0.5;
export const STALL_REPEATS = 3;
export const GAP_WEIGHT = 0.05;
export const CAPITULATION_SHARE = 0.85;
export const REPUTATION_LEAK = 0.1;

/** exp(−0.3·exp(2.5·t/R)): 0.74 for an instant deal, 0.026 at the round limit. */
export function timeDiscount(round: number, maxRounds: number): number {
  return Math.exp(-0.3 * Math.exp((2.5 * round) / Math.max(maxRounds, 1)));
}

/**
 * Reward for narrowing the gap between the two sides' latest prices, relative to the anchor.
 * Kept as the original shaped it (D14): the initial gap is the anchor, and round 1 never earns it.
 */
export function gapNarrowing(history: readonly OfferRow[], anchor: number): number | null {
  if (history.length < 4) return null;
  const seller: number[] = [];
  const buyer: number[] = [];
  for (const row of history) {
    if (row.price === null) continue;
    (row.actor === "seller" ? seller : buyer).push(row.price);
  }
  if (seller.length < 2 || buyer.length < 2) return null;
  const current = Math.abs(seller[seller.length - 1]! - buyer[buyer.length - 1]!);
  const old = Math.abs(seller[seller.length - 2]! - buyer[buyer.length - 2]!);
  if (old <= current || anchor <= 0) return null;
  return round4((GAP_WEIGHT * (old - current)) / anchor);
}

export interface DealTerms {
  agreed: number;
  budget: number;
  cost: number;
  round: number;
  maxRounds: number;
  reputationLeak: number;
  penalty: number;
}

export interface DealReward {
  reward: number;
  normalizedRaw: number;
  normalized: number;
  components: Record<string, number>;
}

export function dealReward(t: DealTerms): DealReward {
  const maxSurplus = t.budget - t.cost;
  const normalizedRaw = maxSurplus > 0 ? (t.budget - t.agreed) / maxSurplus : 0;
  const normalized = clamp01(normalizedRaw);
  const td = timeDiscount(t.round, t.maxRounds);
  const components: Record<string, number> = {
    surplus: round4(normalized),
    time_discount: round4(td),
    terminal_reward: round4(normalized * td),
  };
  if (t.reputationLeak !== 0) components.reputation_leak = round4(t.reputationLeak);
  const reward = round4(clamp01(normalized * td + t.reputationLeak + t.penalty));
  return { reward, normalizedRaw, normalized, components };
}

export function sumComponents(components: Record<string, number>): number {
  let s = 0;
  for (const k in components) s += components[k]!;
  return round4(s);
}
