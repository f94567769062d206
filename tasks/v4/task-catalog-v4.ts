import type { TaskDefinition } from "../task-definition";
import { TASKS_V3 } from "../v3/task-catalog-v3";

const v3 = TASKS_V3.find((t) => t.id === "marketplace_arena");
if (v3 === undefined) throw new Error("marketplace_arena@4 builds on marketplace_arena@3");

/**
 * marketplace_arena@4: the first task built on the markets module. The economics, the hidden
 * seller type, the seller (responsive@2), the grader and the reward are @3's; what is new is
 * that the agent's episode is one private thread of a seeded listing market in which a field of
 * pinned rival buyers (arena-field@1) bargain with the same seller for 2–4 units on the same
 * virtual clock. The observation gains a `market` section (units left, the public sales tape);
 * when the last unit goes to a rival while the agent is still haggling, the episode ends
 * "sold_out" with no deal. docs/game.md says what a policy must learn here. @2 and @3 stay as
 * released (single-buyer deals).
 */
export const TASKS_V4: readonly TaskDefinition[] = [
  {
    ...v3,
    version: "4",
    description:
      "A listing market: the seller offers 2–4 units to you and to 2–5 rival buyers, each haggling in private. You see units left and the prices units sold at, never a rival's offers. Wait too long and the last unit is gone.",
    arena: "arena-field@1",
  },
];
