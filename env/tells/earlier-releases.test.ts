import { describe, expect, it } from "vitest";
import { readReleaseFile } from "../../eval/tells/model/model-file";
import { EARLIER_RELEASES, provideReleaseFiles } from "./earlier-releases";
import {
  extractCues,
  releasedTellsModel,
  TELLS_MODEL,
  TELLS_MODEL_REF,
  tellsModelFor,
  UnknownTellsModelError,
} from "./extract-cues";

// One file, one module instance: these steps share the engine's source and its loaded releases, in order.
describe("earlier tells model releases, read from their files on first use", () => {
  const v7 = { version: "tells-model@7", hash: EARLIER_RELEASES["tells-model@7"] as string };

  it("are not needed to read with the shipped model, and say so when asked for without a source", () => {
    expect(extractCues("last price, jaldi bolo", "model").spans.length).toBeGreaterThan(0);
    expect(tellsModelFor(TELLS_MODEL_REF)).toBe(TELLS_MODEL);
    expect(() => releasedTellsModel("tells-model@7")).toThrow(/no source of release files/);
  });

  it("count as a release this build does not have when the file cannot be read or is another release's", () => {
    provideReleaseFiles(() => {
      throw new Error("ENOENT");
    });
    expect(() => tellsModelFor(v7)).toThrow(UnknownTellsModelError);
    provideReleaseFiles(() => readReleaseFile("tells-model@8"));
    expect(() => tellsModelFor(v7)).toThrow(UnknownTellsModelError);
    provideReleaseFiles(() => ({ format: "tells-model/3", version: "tells-model@7" }));
    expect(() => tellsModelFor(v7)).toThrow(UnknownTellsModelError);
  });

  it("load once, when first asked for, and only the release asked for", () => {
    const asked: string[] = [];
    provideReleaseFiles((version) => {
      asked.push(version);
      return readReleaseFile(version);
    });
    extractCues("last price, jaldi bolo", "model");
    expect(asked).toEqual([]);
    const model = tellsModelFor(v7);
    expect(model.version).toBe("tells-model@7");
    expect(model.contentHash).toBe(v7.hash);
    expect(releasedTellsModel("tells-model@7")).toBe(model);
    expect(extractCues("last price, jaldi bolo", "model", v7)).toEqual(
      extractCues("last price, jaldi bolo", "model", v7),
    );
    expect(asked).toEqual(["tells-model@7"]);
    // A name no release has never reaches the source.
    expect(() => tellsModelFor({ version: "tells-model@99", hash: v7.hash })).toThrow(UnknownTellsModelError);
    expect(() => releasedTellsModel("constructor")).toThrow(UnknownTellsModelError);
    expect(asked).toEqual(["tells-model@7"]);
  });

  it("are read only by version, never by a path a version could smuggle in", () => {
    for (const bad of ["../../package", "tells-model@7/../8", "tells-model@07", "tells-model@"])
      expect(() => readReleaseFile(bad)).toThrow(/not a tells model version/);
  });
});
