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

function groupLabel(version: string): string {
  if (version === "1") return "Classic game (v1): the same prices every time";
  return `Game v${version} (as first released)`;
}

const CURRENT_LABEL = "Current game: every seed deals new prices and a new seller";

/**
 * The stall menu: the current game first (each task at its newest version, in the server's
 * order), so its first stall is what a visitor plays by default; older versions stay playable
 * below, one group per version. "Current" is per task: a task that gains a version alone (e.g.
 * marketplace_arena@4) does not make the other tasks' newest versions look old.
 */
export function taskMenuOptions(tasks: readonly MenuTask[]): string {
  const newestOf = new Map<string, string>();
  for (const t of tasks) {
    const seen = newestOf.get(t.id);
    if (seen === undefined || byVersionDesc(seen, t.version) > 0) newestOf.set(t.id, t.version);
  }
  const isCurrent = (t: MenuTask) => newestOf.get(t.id) === t.version;
  const option = (t: MenuTask) =>
    `<option value="${escapeHtml(taskValue(t))}">${escapeHtml(`${t.id.replace(/_/g, " ")} · ${t.difficulty}`)}</option>`;
  const group = (label: string, members: readonly MenuTask[]) =>
    `<optgroup label="${escapeHtml(label)}">${members.map(option).join("")}</optgroup>`;
  const older = tasks.filter((t) => !isCurrent(t));
  const versions = [...new Set(older.map((t) => t.version))].sort(byVersionDesc);
  return [
    group(CURRENT_LABEL, tasks.filter(isCurrent)),
    ...versions.map((v) =>
      group(
        groupLabel(v),
        older.filter((t) => t.version === v),
      ),
    ),
  ].join("");
}

/** The task a menu value (or a `?task=` link) names; "id@1" and a bare id are the same task. */
export function findMenuTask<T extends MenuTask>(tasks: readonly T[], value: string): T | undefined {
  const normal = value.endsWith("@1") ? value.slice(0, -2) : value;
  return tasks.find((t) => taskValue(t) === normal);
}
