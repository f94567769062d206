import { escapeHtml } from "./html";

/** What the stall menu needs from GET /tasks. */
export interface MenuTask {
  id: string;
  version: string;
  difficulty: string;
}

/** The id /reset takes: a bare id is version 1 (old links keep working), "id@N" any other version. */
export const taskValue = (t: Pick<MenuTask, "id" | "version">): string =>
  t.version === "1" ? t.id : `${t.id}@${t.version}`;

const byVersionDesc = (a: string, b: string): number => Number(b) - Number(a);

function groupLabel(version: string, newest: string): string {
  if (version === newest) return `Current game (v${version}): every seed deals new prices and a new seller`;
  if (version === "1") return "Classic game (v1): the same prices every time";
  return `Game v${version} (as first released)`;
}

/**
 * The stall menu: one group per task version, the current game (the newest version) first, so
 * its first stall is what a visitor plays by default; older versions stay playable below.
 */
export function taskMenuOptions(tasks: readonly MenuTask[]): string {
  const versions = [...new Set(tasks.map((t) => t.version))].sort(byVersionDesc);
  const newest = versions[0] ?? "1";
  return versions
    .map((v) => {
      const options = tasks
        .filter((t) => t.version === v)
        .map(
          (t) =>
            `<option value="${escapeHtml(taskValue(t))}">${escapeHtml(`${t.id.replace(/_/g, " ")} · ${t.difficulty}`)}</option>`,
        )
        .join("");
      return `<optgroup label="${escapeHtml(groupLabel(v, newest))}">${options}</optgroup>`;
    })
    .join("");
}

/** The task a menu value (or a `?task=` link) names; "id@1" and a bare id are the same task. */
export function findMenuTask<T extends MenuTask>(tasks: readonly T[], value: string): T | undefined {
  const normal = value.endsWith("@1") ? value.slice(0, -2) : value;
  return tasks.find((t) => taskValue(t) === normal);
}
