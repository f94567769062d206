import { TASKS } from "./task-catalog";
import type { TaskDefinition } from "./task-definition";
import { TASKS_V2 } from "./v2/task-catalog-v2";
import { TASKS_V3 } from "./v3/task-catalog-v3";
import { TASKS_V4 } from "./v4/task-catalog-v4";

/** Every task of every version: v1 (frozen) first, then v2 (frozen), then v3, then the market tasks (v4). */
export const ALL_TASKS: readonly TaskDefinition[] = [...TASKS, ...TASKS_V2, ...TASKS_V3, ...TASKS_V4];

/** "id@version", the one spelling that names a task exactly. */
export const taskKey = (t: Pick<TaskDefinition, "id" | "version">): string => `${t.id}@${t.version}`;

export const V2_TASK_KEYS: readonly string[] = TASKS_V2.map(taskKey);

/** The current game: game v2's tasks against the honest-speech seller (see tasks/v3). */
export const V3_TASK_KEYS: readonly string[] = TASKS_V3.map(taskKey);

/** Tasks built on the markets module: the agent competes with a field of pinned rivals (marketplace_arena@4). */
export const MARKET_TASK_KEYS: readonly string[] = TASKS_V4.map(taskKey);

/** What "the current game" means wherever a default points at it (eval:game, examples, web). */
export const CURRENT_GAME_KEYS: readonly string[] = V3_TASK_KEYS;

/**
 * Task references: "single_deal@2" names version 2; a bare "single_deal" (or "@1") names
 * version 1, which is frozen, so scripts written before v2 keep their numbers.
 */
export function parseTaskRef(ref: string): { id: string; version: string } {
  const at = ref.lastIndexOf("@");
  return at < 0 ? { id: ref, version: "1" } : { id: ref.slice(0, at), version: ref.slice(at + 1) };
}

export function findTaskRef(ref: string): TaskDefinition | undefined {
  const { id, version } = parseTaskRef(ref.trim());
  return ALL_TASKS.find((t) => t.id === id && t.version === version);
}

/** What an unknown-task error lists: bare v1 ids (also accepted as "@1"), then every v2 and v3 key. */
export const AVAILABLE_TASK_REFS: readonly string[] = [
  ...TASKS.map((t) => t.id),
  ...V2_TASK_KEYS,
  ...V3_TASK_KEYS,
  ...MARKET_TASK_KEYS,
];
