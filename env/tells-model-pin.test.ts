import { describe, expect, it } from "vitest";
import { useReleaseFiles } from "../eval/tells/model/model-file";
import { openRun } from "../tasks/open-run";
import type { EpisodeState } from "./episode-state";
import { stepRun } from "./run";
import { releasedTellsModel, TELLS_MODEL_REF } from "./tells/extract-cues";

// Earlier releases load from their files (env/tells/earlier-releases.ts).
useReleaseFiles();

// Fixture runs come from the task layer (tests only), as in replay.test.ts.
const modelRun = (seed: number) =>
  openRun("single_deal", { seed, episodeId: "pin", tellsExtractor: "model" });

function sellerTells(seed: number, pin?: { version: string; hash: string }): unknown[] {
  const run = modelRun(seed);
  // What a spec stored under an earlier release carries; the engine must read with that model.
  if (pin !== undefined) (run.episode.spec as { tells_model?: unknown }).tells_model = pin;
  for (let i = 0; i < 6 && !run.episode.done; i++) {
    const e: EpisodeState = run.episode;
    stepRun(run, { type: "offer", price: Math.round(e.lastQuote * 0.5), message: "kam karo" });
  }
  return run.episode.events.filter((ev) => ev.type === "seller_replied").map((ev) => ev.tells);
}

const SEEDS = [1, 2, 3, 4, 5, 6, 7, 8];

describe("the model an episode's spec records", () => {
  it("is the model its seller's words are read with", () => {
    // Two models can read one short episode alike, so the pin is judged over several: the
    // shipped model's own ref changes nothing on any of them, an older model's changes some.
    const older = releasedTellsModel("tells-model@13");
    let differs = 0;
    for (const seed of SEEDS) {
      const shipped = sellerTells(seed);
      expect(sellerTells(seed, TELLS_MODEL_REF)).toEqual(shipped);
      if (
        JSON.stringify(sellerTells(seed, { version: older.version, hash: older.contentHash })) !==
        JSON.stringify(shipped)
      )
        differs++;
    }
    expect(differs).toBeGreaterThan(0);
  });
});
