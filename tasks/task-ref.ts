import { TASKS } from "./task-catalog";
import type { TaskDefinition } from "./task-definition";
import { TASKS_V2 } from "./v2/task-catalog-v2";

/** Every task of every version: v1 (frozen) first, then v2. */
export const ALL_TASKS: readonly TaskDefinition[] = [...TASKS, ...TASKS_V2];

/** "id@version", the one spelling that names a task exactly. */
export const taskKey = (t: Pick<TaskDefinition, "id" | "version">): string => `${t.id}@${t.version}`;

export const V2_TASK_KEYS: readonly string[] = TASKS_V2.map(taskKey);

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

/** What an unknown-task error lists: bare v1 ids (also accepted as "@1"), then every v2 key. */
export const AVAILABLE_TASK_REFS: readonly string[] = [...TASKS.map((t) => t.id), ...V2_TASK_KEYS];
