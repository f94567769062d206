import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { TellsModelWeights } from "../../../env/tells/tells-model";
import { MODEL_FILE, V23_MODEL_FILE, V24_MODEL_FILE } from "./model-file";
import { REDONE_EVERY_RUN, REDONE_ON_REQUEST, RELEASED_TRAININGS, retrain } from "./released-trainings";
import { DEFAULT_TRAIN, type TrainOptions } from "./train-options";

const withoutVersion = (o: TrainOptions): Omit<TrainOptions, "version"> => {
  const { version: _, ...rest } = o;
  return rest;
};

// The older half of the released models npm test redoes (shipped-model.test.ts redoes the newer
// half): a file of its own so vitest retrains both halves at once, on two workers.
describe("the early released tells models", () => {
  it("are listed newest first, every release from @24 down to @5", () => {
    expect(RELEASED_TRAININGS.flatMap((t) => t.models.map(([o]) => o.version))).toEqual(
      Array.from({ length: 20 }, (_, i) => `tells-model@${24 - i}`),
    );
  });

  it("leave out of npm test only releases whose options a release it redoes shares", () => {
    expect(REDONE_EVERY_RUN.length + REDONE_ON_REQUEST.length).toBe(RELEASED_TRAININGS.length);
    expect(REDONE_ON_REQUEST.map((t) => t.names)).toEqual([
      "tells-model@24",
      "tells-model@23",
      "tells-model@22",
      "tells-model@19",
      "tells-model@18",
      "tells-model@17",
      "tells-model@16",
      "tells-model@12",
    ]);
    // The shipped training (shipped-model.test.ts) counts without its word sums (they change how
    // the file is read, not what is trained), without its message network, its combiner reading
    // the inputs before the network's, and without its combiner's hidden layer too: it trains
    // everything a release without them does before adding them.
    const { wordSums: _w, ...networked } = withoutVersion(DEFAULT_TRAIN);
    const { bagNetwork: _, ...heads } = networked;
    const layered = { ...heads, combiner: "cross-signal/3" as const };
    const { combinerHidden: _h, ...linear } = layered;
    const redone = [
      networked,
      layered,
      linear,
      ...REDONE_EVERY_RUN.flatMap((t) => t.models.map(([o]) => withoutVersion(o))),
    ];
    for (const t of REDONE_ON_REQUEST)
      for (const [o] of t.models) expect(redone, o.version).toContainEqual(withoutVersion(o));
  });

  // A file's content but what names it.
  const unnamed = (file: string) => {
    const {
      format: _f,
      version: _v,
      content_hash: _h,
      ...rest
    } = JSON.parse(readFileSync(file, "utf8")) as TellsModelWeights;
    return rest;
  };

  it("share the shipped file's heads with tells-model@23, which npm test does not retrain", () => {
    // What the shipped training redoes of v23 every run: every field but the network and the combiner it reads.
    const heads = (file: string) => {
      const { network: _n, combiner: _c, ...rest } = unnamed(file);
      return rest;
    };
    expect(heads(V23_MODEL_FILE)).toEqual(heads(MODEL_FILE));
  });

  it("share every weight of the shipped file with tells-model@24, which npm test does not retrain", () => {
    // The shipped file reads v24's weights with word sums (tells-model/9): only what names it differs.
    expect(unnamed(V24_MODEL_FILE)).toEqual(unnamed(MODEL_FILE));
  });

  it.each(REDONE_EVERY_RUN.slice(3))(
    "keep $names reproducible from the $rows rows they shipped with",
    (t) => {
      const { rows, files } = retrain(t);
      expect(rows).toBe(t.rows);
      for (const f of files) expect(f.now, f.version).toBe(f.shipped);
    },
    240_000,
  );
});
