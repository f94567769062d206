import { clamp01, round4 } from "./money";

/**
 * Game v2's shaped reward: potential-based shaping (Ng, Harada & Russell 1999),
 * F = γΦ(s′) − Φ(s) with γ = 1, which leaves the optimal policy unchanged.
 *
 * Φ(s) = λ · [v(ask now) − v(opening ask)], where v(p) = clamp01((B − p)/(B − C)) is the score
 * the buyer would lock in by accepting price p — the grader's own quantity. Φ is 0 at the start
 * (the ask is the opening ask) and 0 at the end, so an episode's shaped return telescopes to
 * exactly its score: the score arrives at the end, every seller concession is credited on the
 * way (and handed back at the end), and nothing punishes holding firm. Invalid moves cost at
 * the step and the same amount is deducted in the grade, so the return still equals the grade.
 */
export const POTENTIAL_WEIGHT = 0.5;
export const INVALID_MOVE_COST = 0.05;

export interface PotentialTerms {
  budget: number;
  cost: number;
  anchor: number;
  ask: number;
}

const lockIn = (budget: number, cost: number, price: number): number =>
  budget - cost > 0 ? clamp01((budget - price) / (budget - cost)) : 0;

export function potential(t: PotentialTerms): number {
  return POTENTIAL_WEIGHT * (lockIn(t.budget, t.cost, t.ask) - lockIn(t.budget, t.cost, t.anchor));
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
