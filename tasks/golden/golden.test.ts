import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { replayEvents } from "../../env/episode-state";
import { runComplete, stepRun } from "../../env/run";
import { openRun } from "../open-run";
import { TASK_IDS } from "../task-catalog";
import { V3_TASK_KEYS } from "../task-ref";
import { GOLDEN_SEEDS, playGolden } from "./golden-episodes";
import { scriptedBuyer } from "./scripted-buyer";

// Fixtures pin byte-identical episodes. To re-record after an intended engine change
// (and an ENGINE_VERSION bump): BAZAAR_UPDATE_GOLDEN=1 npx vitest run tasks/golden
const dir = join(import.meta.dirname, "fixtures");
const update = process.env.BAZAAR_UPDATE_GOLDEN === "1";

// v1 (frozen since release) and v3, the current game. (v2 shipped without fixtures; its seller
// and draws are pinned by the seller lock and the v3 fixtures, which share its draws.)
const GOLDEN_TASKS: readonly string[] = [...TASK_IDS, ...V3_TASK_KEYS];

describe("golden episodes", () => {
  for (const task of GOLDEN_TASKS) {
    for (const seed of GOLDEN_SEEDS) {
      it(`${task} seed ${seed} replays byte-for-byte`, () => {
        const file = join(dir, `${task}.${seed}.json`);
        const actual = `${JSON.stringify(playGolden(task, seed), null, 1)}\n`;
        if (update) {
          mkdirSync(dir, { recursive: true });
          writeFileSync(file, actual);
        }
        expect(existsSync(file), `missing fixture ${file}: record it with BAZAAR_UPDATE_GOLDEN=1`).toBe(true);
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
