import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { scriptedBuyer } from "../../buyers/scripted-buyer";
import { replayEvents } from "../../env/episode-state";
import { runComplete, stepRun } from "../../env/run";
import { openRun } from "../open-run";
import { TASK_IDS } from "../task-catalog";
import { MARKET_TASK_KEYS, V3_TASK_KEYS } from "../task-ref";
import { GOLDEN_SEEDS, playGolden } from "./golden-episodes";

// Fixtures pin byte-identical episodes of released tasks and are frozen: a change that alters one
// ships as a new task/seller version beside it. BAZAAR_UPDATE_GOLDEN=1 only RECORDS the fixtures a
// new version does not have yet; it never overwrites an existing one.
const dir = join(import.meta.dirname, "fixtures");
const record = process.env.BAZAAR_UPDATE_GOLDEN === "1";

// v1 (frozen since release), v3, the current game, and the market tasks (marketplace_arena@4,
// whose fixtures also pin the rivals' public tape). (v2 shipped without fixtures; its seller
// and draws are pinned by the seller lock and the v3 fixtures, which share its draws.)
const GOLDEN_TASKS: readonly string[] = [...TASK_IDS, ...V3_TASK_KEYS, ...MARKET_TASK_KEYS];

// Market tasks also pin a seed on which a rival buys a unit while the scripted buyer haggles (round 5).
const extraSeeds = (task: string): readonly number[] => (MARKET_TASK_KEYS.includes(task) ? [5] : []);

describe("golden episodes", () => {
  for (const task of GOLDEN_TASKS) {
    for (const seed of [...GOLDEN_SEEDS, ...extraSeeds(task)]) {
      it(`${task} seed ${seed} replays byte-for-byte`, () => {
        const file = join(dir, `${task}.${seed}.json`);
        const actual = `${JSON.stringify(playGolden(task, seed), null, 1)}\n`;
        if (record && !existsSync(file)) {
          mkdirSync(dir, { recursive: true });
          writeFileSync(file, actual);
        }
        expect(
          existsSync(file),
          `missing fixture ${file}: record a new task's with BAZAAR_UPDATE_GOLDEN=1`,
        ).toBe(true);
        expect(actual).toBe(readFileSync(file, "utf8"));
      });
    }
  }

  it("replaying a stored event log rebuilds the same state", () => {
    for (const task of GOLDEN_TASKS) {
      const run = openRun(task, { seed: 7, episodeId: "replay" });
      while (!runComplete(run)) if (stepRun(run, scriptedBuyer(run)).done) break;
      for (const live of [...run.finished, run.episode]) {
        const stored = JSON.parse(JSON.stringify(live.events));
        const rebuilt = replayEvents(stored, run.plan.gradeEpisode);
        expect(JSON.stringify(rebuilt)).toBe(JSON.stringify(live));
      }
    }
  });
});
