import { describe, expect, it } from "vitest";
import { ReplayMismatchError, replayRun } from "../../env/replay";
import { runComplete, scoreRun, stepRun } from "../../env/run";
import { findField, findRival, rivalHash } from "../../markets/arena/rival-releases";
import { resolveSeller } from "../../sellers/registry";
import { BUILTIN_CATALOG } from "../listings/builtin-catalog";
import { openRun } from "../open-run";
import { planTask } from "../task-plan";
import { AVAILABLE_TASK_REFS, findTaskRef, MARKET_TASK_KEYS } from "../task-ref";

describe("marketplace_arena@4: a task built on the markets module", () => {
  it("is @3's economics, seller, grader and reward plus a rival field; @3 stays as released", () => {
    expect(MARKET_TASK_KEYS).toEqual(["marketplace_arena@4"]);
    expect(AVAILABLE_TASK_REFS).toContain("marketplace_arena@4");
    const v4 = findTaskRef("marketplace_arena@4")!;
    const v3 = findTaskRef("marketplace_arena@3")!;
    expect(v3.arena).toBeUndefined();
    expect({ ...v4, version: "3", description: v3.description, arena: undefined }).toEqual({
      ...v3,
      arena: undefined,
    });
    for (const seed of [1, 9, 2 ** 53 - 1, 0]) {
      const a = openRun("marketplace_arena@4", { seed, episodeId: "x" }).episode;
      const b = openRun("marketplace_arena@3", { seed, episodeId: "x" }).episode;
      const { market, task_version, ...spec4 } = a.spec;
      expect({ ...spec4, task_version: "3" }).toEqual(b.spec);
      expect(a.reservation).toBe(b.reservation);
      expect(market?.field.id).toBe("arena-field");
    }
  });

  it("records the field and every rival as id@version+hash in the episode's spec (provenance)", () => {
    const e = openRun("marketplace_arena@4", { seed: 5, episodeId: "p" }).episode;
    const terms = e.spec.market!;
    expect(terms.field.hash).toMatch(/^[0-9a-f]{16}$/);
    expect(findField(`${terms.field.id}@${terms.field.version}`)).toBeDefined();
    for (const r of terms.rivals) expect(rivalHash(findRival(`${r.id}@${r.version}`)!)).toBe(r.hash);
  });

  it("plays byte-identically twice, whatever the episode id, and sells out on some seeds", () => {
    const outcomes = new Set<string>();
    for (let seed = 1; seed <= 40; seed++) {
      const logs = ["a", "b"].map((id) => {
        const run = openRun("marketplace_arena@4", { seed, episodeId: id });
        let price = 0.3 * run.episode.anchor;
        while (!runComplete(run)) {
          if (stepRun(run, { type: "offer", price }).done) break;
          price *= 1.08;
        }
        outcomes.add(run.episode.outcome ?? "open");
        expect(scoreRun(run).score).toBeGreaterThanOrEqual(0);
        return JSON.stringify(run.episode.events).replaceAll(`"episode_id":"${id}"`, "");
      });
      expect(logs[1]).toBe(logs[0]);
    }
    expect(outcomes).toContain("sold_out");
    expect(outcomes).toContain("deal");
  });

  it("refuses a task that names a field this build does not have", () => {
    const v4 = findTaskRef("marketplace_arena@4")!;
    expect(() =>
      planTask(
        { ...v4, arena: "arena-field@9" },
        { seller: resolveSeller(v4.seller), listings: BUILTIN_CATALOG },
      ),
    ).toThrow(/unknown field arena-field@9/);
  });

  it("a stored run replays through the engine to the same log (server restart), the sell-out included", () => {
    const played = openRun("marketplace_arena@4", { seed: 4, episodeId: "r" });
    let price = 0.3 * played.episode.anchor;
    while (!runComplete(played)) {
      if (stepRun(played, { type: "offer", price }).done) break;
      price *= 1.08;
    }
    expect(played.episode.outcome).toBe("sold_out");
    const stored = [{ id: "r", episode_index: 1, events: JSON.parse(JSON.stringify(played.episode.events)) }];
    const rebuilt = replayRun(openRun("marketplace_arena@4", { seed: 4, episodeId: "r" }), stored);
    expect(JSON.stringify(rebuilt.episode)).toBe(JSON.stringify(played.episode));
    // A log whose tape was tampered with does not replay.
    const forged = JSON.parse(JSON.stringify(stored).replace(/"units_left":0/, '"units_left":1'));
    expect(() => replayRun(openRun("marketplace_arena@4", { seed: 4, episodeId: "r" }), forged)).toThrow(
      ReplayMismatchError,
    );
  });
});
