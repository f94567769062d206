import { clamp01, round4 } from "./money";

/**
 * Game v2's shaped reward: potential-based shaping (Ng, Harada & Russell 1999),
 * F = γΦ(s′) − Φ(s) with γ = 1, which leaves the optimal policy unchanged.
 *
 * Φ(s) = λ · (A − ask now)/A: the share of the opening ask A the seller has conceded so far.
 * It is built from public numbers only. The grader's own quantity, (B − p)/(B − C), would have
 * been the natural potential, but a per-step reward of λ·Δask/(B − C) lets the buyer solve for
 * the seller's cost C in the first step that moves the ask (docs/security.md). Any potential
 * keeps the optimal policy; this one also keeps the return: Φ is 0 at the start (the ask is
 * the opening ask) and 0 at the end, so an episode's shaped return telescopes to exactly its
 * score, every seller concession is credited on the way (and handed back at the end), and
 * nothing punishes holding firm. Invalid moves cost at the step and the same amount is
 * deducted in the grade, so the return still equals the grade.
 */
export const POTENTIAL_WEIGHT = 0.5;
export const INVALID_MOVE_COST = 0.05;

/** Only what the buyer sees: the opening ask and the standing ask. */
export interface PotentialTerms {
  anchor: number;
  ask: number;
}

export function potential(t: PotentialTerms): number {
  return t.anchor > 0 ? POTENTIAL_WEIGHT * clamp01((t.anchor - t.ask) / t.anchor) : 0;
}

export interface ShapedStep {
  /** Φ before the step. */
  before: number;
  /** Φ after the step (0 once the episode is over). */
  after: number;
  /** The episode's grade when it ended this step, else null. */
  score: number | null;
  /** Invalid moves made this step. */
  invalidNow: number;
  /** Invalid moves of the whole episode (already deducted inside `score`). */
  invalidTotal: number;
}

export function shapedStepReward(s: ShapedStep): { reward: number; components: Record<string, number> } {
  const components: Record<string, number> = { potential: round4(s.after - s.before) };
  if (s.invalidNow > 0) components.invalid_action = round4(-INVALID_MOVE_COST * s.invalidNow);
  // The grade already deducts invalid moves; they were charged when made, so add them back here.
  if (s.score !== null) components.score = round4(s.score + INVALID_MOVE_COST * s.invalidTotal);
  let reward = 0;
  for (const k in components) reward += components[k]!;
  return { reward: round4(reward), components };
}
