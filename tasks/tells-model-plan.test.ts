import { describe, expect, it } from "vitest";
import type { EpisodeState } from "../env/episode-state";
import { stepRun } from "../env/run";
import {
  releasedTellsModel,
  releasedTellsModelRef,
  TELLS_MODEL_REF,
  type TellsModelRef,
  tellsSpecFields,
  UnknownTellsModelError,
} from "../env/tells/extract-cues";
import { useReleaseFiles } from "../eval/tells/model/model-file";
import { openRun } from "./open-run";
import { sellerRunPlan } from "./seller-role/seller-run";

// Earlier releases load from their files (env/tells/earlier-releases.ts).
useReleaseFiles();

const V5: TellsModelRef = {
  version: releasedTellsModel("tells-model@5").version,
  hash: releasedTellsModel("tells-model@5").contentHash,
};

/** The model each episode of a whole run recorded (every episode walks at once). */
function recordedModels(tellsModel?: TellsModelRef): unknown[] {
  const run = openRun("career_10", {
    seed: 4,
    episodeId: "plan",
    tellsExtractor: "model",
    ...(tellsModel === undefined ? {} : { tellsModel }),
  });
  const specs: EpisodeState["spec"][] = [run.episode.spec];
  for (let i = 0; i < 50; i++) {
    const r = stepRun(run, { type: "walk" });
    if (r.done) break;
    if (run.episode.spec !== specs.at(-1)) specs.push(run.episode.spec);
  }
  expect(specs).toHaveLength(run.plan.totalEpisodes);
  return specs.map((s) => s.tells_model);
}

describe("the tells model a run is planned with", () => {
  it("is the shipped one by default, and every episode of the run records the one given", () => {
    expect(new Set(recordedModels().map((m) => JSON.stringify(m)))).toEqual(
      new Set([JSON.stringify(TELLS_MODEL_REF)]),
    );
    expect(new Set(recordedModels(V5).map((m) => JSON.stringify(m)))).toEqual(new Set([JSON.stringify(V5)]));
  });

  it("leaves a rules-path spec exactly as v1 wrote it", () => {
    expect(tellsSpecFields("rules", V5)).toEqual({});
    expect(tellsSpecFields(undefined, V5)).toEqual({});
    expect(tellsSpecFields("llm:ollama", V5)).toEqual({ tells_extractor: "llm:ollama", tells_model: V5 });
    expect(tellsSpecFields("model")).toEqual({ tells_extractor: "model", tells_model: TELLS_MODEL_REF });
    const rules = openRun("single_deal", { seed: 2, episodeId: "r", tellsModel: V5 }).episode.spec;
    expect(rules).toEqual(openRun("single_deal", { seed: 2, episodeId: "r" }).episode.spec);
    expect("tells_model" in rules).toBe(false);
  });

  it("plans the seller role's episodes with it too", () => {
    const plan = sellerRunPlan("sell_career_5@1", {
      seed: 8,
      episodeId: "s",
      tellsExtractor: "model",
      tellsModel: V5,
    });
    expect(plan.specFor(1, null).tells_model).toEqual(V5);
    expect(plan.specFor(3, null).tells_model).toEqual(V5);
  });

  it("accepts only a released model, by version and content hash; anything else is an error", () => {
    const v3 = releasedTellsModel("tells-model@3");
    expect(releasedTellsModelRef({ version: v3.version, hash: v3.contentHash })).toEqual({
      version: "tells-model@3",
      hash: v3.contentHash,
    });
    const bad: TellsModelRef[] = [
      { version: "tells-model@99", hash: TELLS_MODEL_REF.hash },
      { version: "tells-model@5", hash: TELLS_MODEL_REF.hash },
      { version: "constructor", hash: "x" },
      { version: "__proto__", hash: "x" },
    ];
    for (const ref of bad) {
      expect(() => releasedTellsModelRef(ref), ref.version).toThrow(UnknownTellsModelError);
      expect(() =>
        openRun("single_deal", { seed: 1, episodeId: "u", tellsExtractor: "model", tellsModel: ref }),
      ).toThrow(/Unknown tells model/);
      // A pin is checked even where the rules path would never read it.
      expect(() => openRun("single_deal", { seed: 1, episodeId: "u", tellsModel: ref })).toThrow(
        UnknownTellsModelError,
      );
    }
  });
});
