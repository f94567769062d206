import { describe, expect, it } from "vitest";
import { findMenuTask, type MenuTask, taskMenuOptions, taskValue } from "./task-menu";

const tasks: MenuTask[] = [
  { id: "single_deal", version: "1", difficulty: "easy" },
  { id: "career_10", version: "1", difficulty: "hard" },
  { id: "single_deal", version: "2", difficulty: "easy" },
  { id: "single_deal", version: "3", difficulty: "easy" },
  { id: "career_10", version: "3", difficulty: "hard" },
  { id: "marketplace_arena", version: "3", difficulty: "hard" },
  { id: "marketplace_arena", version: "4", difficulty: "hard" },
];

const values = (html: string): string[] =>
  [...html.matchAll(/<option value="([^"]*)"/g)].map((m) => m[1] as string);

describe("stall menu", () => {
  it("puts the current game (each task at its newest version) first, so it is the default, and keeps older versions below", () => {
    const html = taskMenuOptions(tasks);
    expect(values(html)).toEqual([
      "single_deal@3",
      "career_10@3",
      "marketplace_arena@4",
      "marketplace_arena@3",
      "single_deal@2",
      "single_deal",
      "career_10",
    ]);
    expect(html.indexOf("Current game")).toBeLessThan(html.indexOf("Game v3"));
    expect(html.indexOf("Game v3")).toBeLessThan(html.indexOf("Game v2"));
    expect(html).toContain("Classic game (v1)");
  });

  it("does not let one task's new version push the other tasks' newest versions out of the current game", () => {
    const html = taskMenuOptions(tasks);
    const current = html.slice(0, html.indexOf("</optgroup>"));
    expect(values(current)).toEqual(["single_deal@3", "career_10@3", "marketplace_arena@4"]);
  });

  it("names v1 by its bare id (old ?task= links) and every other version as id@N", () => {
    expect(taskValue({ id: "single_deal", version: "1" })).toBe("single_deal");
    expect(taskValue({ id: "single_deal", version: "3" })).toBe("single_deal@3");
    expect(findMenuTask(tasks, "career_10")?.version).toBe("1");
    expect(findMenuTask(tasks, "career_10@1")?.version).toBe("1");
    expect(findMenuTask(tasks, "career_10@3")?.version).toBe("3");
    expect(findMenuTask(tasks, "career_10@9")).toBeUndefined();
  });

  it("escapes what the server sends", () => {
    const html = taskMenuOptions([{ id: '"><script>', version: "2", difficulty: "<b>" }]);
    expect(html).not.toContain("<script>");
    expect(html).not.toContain("<b>");
  });
});
