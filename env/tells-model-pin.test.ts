import { describe, expect, it } from "vitest";
import { openRun } from "../tasks/open-run";
import type { EpisodeState } from "./episode-state";
import { stepRun } from "./run";
import { TELLS_MODEL_REF, tellsModelV5 } from "./tells/extract-cues";

// Fixture runs come from the task layer (tests only), as in replay.test.ts.
const modelRun = () => openRun("single_deal", { seed: 1, episodeId: "pin", tellsExtractor: "model" });

function sellerTells(pin?: { version: string; hash: string }): unknown[] {
  const run = modelRun();
  // What a spec stored under an earlier release carries; the engine must read with that model.
  if (pin !== undefined) (run.episode.spec as { tells_model?: unknown }).tells_model = pin;
  for (let i = 0; i < 6 && !run.episode.done; i++) {
    const e: EpisodeState = run.episode;
    stepRun(run, { type: "offer", price: Math.round(e.lastQuote * 0.5), message: "kam karo" });
  }
  return run.episode.events.filter((ev) => ev.type === "seller_replied").map((ev) => ev.tells);
}

describe("the model an episode's spec records", () => {
  it("is the model its seller's words are read with", () => {
    const v5 = tellsModelV5();
    const shipped = sellerTells();
    expect(sellerTells(TELLS_MODEL_REF)).toEqual(shipped);
    expect(sellerTells({ version: v5.version, hash: v5.contentHash })).not.toEqual(shipped);
  });
});
