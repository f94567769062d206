import { fieldHash, fieldKey, findField } from "../../markets/arena/rival-releases";
import { requireTask } from "../../tasks/open-run";

/** A market task's rival field as every number names it, "id@version+hash"; null for single-buyer tasks. */
export function fieldOf(task: string): string | null {
  const key = requireTask(task).arena;
  if (key === undefined) return null;
  const field = findField(key);
  return field === undefined ? null : `${fieldKey(field)}+${fieldHash(field)}`;
}
