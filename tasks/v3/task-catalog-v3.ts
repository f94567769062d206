import type { TaskDefinition } from "../task-definition";
import { TASKS_V2 } from "../v2/task-catalog-v2";

/**
 * Game v2, version 3 of its nine tasks: the same draws, graders and reward against
 * `responsive@2`, the responsive seller in honest speech (its words never mark its floor and say
 * every price exactly as the buyer's screen shows it), and the environment's own notices in
 * exact money too. The @2 tasks stay as released (pinned to `responsive@1`), so their numbers
 * reproduce.
 */
export const TASKS_V3: readonly TaskDefinition[] = TASKS_V2.map((t) => ({
  ...t,
  version: "3",
  seller: "responsive@2",
  money: "exact",
}));
