import { findTask } from "../task-catalog";
import type { TaskDefinition } from "../task-definition";
import type { Range, TaskDraws } from "./task-draws";

const r = (lo: number, hi: number): Range => ({ lo, hi });

/** The broad prior every v2 task starts from; each task narrows or shifts what makes it itself. */
const BASE: TaskDraws = {
  cost: r(20, 80),
  listingCostFactor: r(0.8, 1.2),
  askOverFloor: r(1.3, 3.2),
  budgetOverAsk: r(0.85, 1.35),
  rounds: r(6, 10),
  deadline: null,
  type: {
    margin: r(0.05, 0.6),
    patience: r(0.3, 1),
    concession: r(0.3, 3),
    reactivity: r(0, 0.6),
    walk_risk: r(0.1, 0.5),
    bluff_rate: r(0, 0.5),
    stock_pressure: r(0, 1),
  },
};

function v2(
  id: string,
  description: string,
  draws: TaskDraws,
  over: Partial<TaskDefinition> = {},
): TaskDefinition {
  const v1 = findTask(id);
  if (v1 === undefined) throw new Error(`v2 task ${id} has no v1 task`);
  return {
    ...v1,
    version: "2",
    description,
    seller: "responsive@1",
    // The centre of the rounds range: the career grader measures speed against it.
    roundsPerEpisode: draws.rounds.hi,
    buyerDeadline: draws.deadline === null ? null : draws.deadline.hi,
    revealPersonality: false,
    draws,
    ...over,
  };
}

const withType = (over: Partial<TaskDraws["type"]>, rest: Partial<TaskDraws> = {}): TaskDraws => ({
  ...BASE,
  ...rest,
  type: { ...BASE.type, ...over },
});

/**
 * Game v2: the nine tasks again, each seed drawing its own economics and a hidden seller type,
 * against the responsive seller. v1 stays the default for bare ids (its numbers are frozen).
 */
export const TASKS_V2: readonly TaskDefinition[] = [
  v2(
    "single_deal",
    "One negotiation. Budget, cost, the seller's margin and its temperament change every seed; the seller answers how you bargain.",
    BASE,
  ),
  v2(
    "asymmetric_pressure",
    "You must close by a private deadline drawn per seed (late deals count half); the seller's stock pressure is hidden and shows in how it concedes.",
    withType({ stock_pressure: r(0, 1) }, { deadline: r(3, 5), rounds: r(7, 10) }),
  ),
  v2(
    "career_10",
    "Ten deals with one seller whose type is fixed for the run: learn it early, exploit it later. Slow deals cost.",
    withType({}, { rounds: r(5, 8) }),
  ),
  v2(
    "deceptive_seller",
    "A seller that bluffs often (invented rivals, fake urgency) and opens high; its words lie, its body does not.",
    withType({ bluff_rate: r(0.5, 0.95) }, { askOverFloor: r(1.6, 2.6), rounds: r(8, 12) }),
  ),
  v2(
    "impatient_seller",
    "A seller in a hurry: short patience, high stock pressure, quick to walk when you stall.",
    withType(
      { patience: r(0, 0.4), stock_pressure: r(0.2, 0.9), walk_risk: r(0.2, 0.7) },
      { rounds: r(4, 7) },
    ),
  ),
  v2(
    "collaborative_seller",
    "A reciprocating seller with a thin margin: every raise you make is returned in part; insults cost little.",
    withType({ reactivity: r(0.3, 0.7), walk_risk: r(0.02, 0.15), margin: r(0.03, 0.25) }),
  ),
  v2(
    "read_the_tells",
    "Five deals with one bluffing seller whose margin varies widely. Its tells show how close it is to its floor; deals below the budget/cost midpoint earn a bonus.",
    withType({ margin: r(0.05, 0.9), bluff_rate: r(0.3, 0.9) }, { rounds: r(6, 10) }),
  ),
  v2(
    "marketplace_arena",
    "A long negotiation where the seller has other buyers in mind: patient, moderately likely to walk.",
    withType({ patience: r(0.4, 1) }, { rounds: r(10, 14) }),
  ),
  v2(
    "amazon_realistic",
    "A real-world style product each seed: the seller's cost follows the street price, its margin and temperament are drawn per seed.",
    withType({ margin: r(0.05, 0.5) }, { askOverFloor: r(1.2, 1.8) }),
  ),
];
