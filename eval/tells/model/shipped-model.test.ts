import { readFileSync, statSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { TellsModelWeights } from "../../../env/tells/tells-model";
import { loadCorpus } from "../corpus/corpus-row";
import {
  EIGHTH_PASS_IDS,
  ELEVENTH_PASS_IDS,
  FIFTH_PASS_IDS,
  NINTH_PASS_IDS,
  SEVENTH_PASS_IDS,
  SIXTH_PASS_IDS,
  TENTH_PASS_IDS,
  THIRTEENTH_PASS_IDS,
  TWELFTH_PASS_IDS,
} from "../corpus/families";
import {
  MODEL_FILE,
  V5_MODEL_FILE,
  V6_MODEL_FILE,
  V7_MODEL_FILE,
  V8_MODEL_FILE,
  V9_MODEL_FILE,
  V10_MODEL_FILE,
  V11_MODEL_FILE,
  V12_MODEL_FILE,
  V13_MODEL_FILE,
  V14_MODEL_FILE,
  V15_MODEL_FILE,
  V16_MODEL_FILE,
} from "./model-file";
import { trainShippedModel } from "./shipped";
import { contentHash } from "./train";
import {
  V5_TRAIN,
  V6_TRAIN,
  V7_TRAIN,
  V8_TRAIN,
  V9_TRAIN,
  V10_TRAIN,
  V11_TRAIN,
  V12_TRAIN,
  V13_TRAIN,
  V14_TRAIN,
  V15_TRAIN,
  V16_TRAIN,
} from "./train-options";

// Families added after tells-model@16 was released: v16 is retrained without them.
const AFTER_V16 = THIRTEENTH_PASS_IDS;
// Families added after tells-model@15 was released: v15 is retrained without them.
const AFTER_V15 = [...TWELFTH_PASS_IDS, ...AFTER_V16];
// Families added after tells-model@14 was released: v13 and v14 are retrained without them.
const AFTER_V14 = [...ELEVENTH_PASS_IDS, ...AFTER_V15];
// Families added after tells-model@12 was released: v12 is retrained without them.
const AFTER_V12 = [...TENTH_PASS_IDS, ...AFTER_V14];
// Families added after tells-model@11 was released: v10 and v11 are retrained without them.
const AFTER_V11 = [...NINTH_PASS_IDS, ...AFTER_V12];
// Families added after tells-model@9 was released: v7-v9 are retrained without them.
const AFTER_V9 = [...EIGHTH_PASS_IDS, ...AFTER_V11];
// Families added after tells-model@6 was released: v6 and v5 are retrained without them.
const AFTER_V6 = [...SIXTH_PASS_IDS, ...SEVENTH_PASS_IDS, ...AFTER_V9];

describe("the shipped tells model", () => {
  const text = readFileSync(MODEL_FILE, "utf8");
  const file = JSON.parse(text) as TellsModelWeights;

  it("records the sha256 of its own content and stays under 1.5 MB", () => {
    const { content_hash, ...body } = file;
    expect(content_hash).toBe(contentHash(body));
    expect(file.version).toBe("tells-model@17");
    expect(file.format).toBe("tells-model/5");
    expect(file.clause_pooling).toBe("noisy-or");
    expect(file.combiner?.inputs).toBe("cross-signal/1");
    expect(statSync(MODEL_FILE).size).toBeLessThan(1.5 * 1024 * 1024);
  });

  it("is what `npm run train:tells` produces from the whole corpus (training is deterministic)", () => {
    expect(`${JSON.stringify(trainShippedModel(loadCorpus()))}\n`).toBe(text);
  }, 240_000);

  // Released models are retrained on exactly the rows and settings they shipped with (the
  // families of later passes left out), so their files stay reproducible byte for byte while the
  // corpus grows.
  const RELEASED = [
    { names: "tells-model@16", rows: 12720, leftOut: AFTER_V16, models: [[V16_TRAIN, V16_MODEL_FILE]] },
    { names: "tells-model@15", rows: 12240, leftOut: AFTER_V15, models: [[V15_TRAIN, V15_MODEL_FILE]] },
    {
      names: "tells-model@14 and @13",
      rows: 11760,
      leftOut: AFTER_V14,
      models: [
        [V14_TRAIN, V14_MODEL_FILE],
        [V13_TRAIN, V13_MODEL_FILE],
      ],
    },
    { names: "tells-model@12", rows: 11280, leftOut: AFTER_V12, models: [[V12_TRAIN, V12_MODEL_FILE]] },
    {
      names: "tells-model@11 and @10",
      rows: 10800,
      leftOut: AFTER_V11,
      models: [
        [V11_TRAIN, V11_MODEL_FILE],
        [V10_TRAIN, V10_MODEL_FILE],
      ],
    },
    {
      names: "tells-model@9, @8 and @7",
      rows: 9538,
      leftOut: AFTER_V9,
      models: [
        [V9_TRAIN, V9_MODEL_FILE],
        [V8_TRAIN, V8_MODEL_FILE],
        [V7_TRAIN, V7_MODEL_FILE],
      ],
    },
    { names: "tells-model@6", rows: 6766, leftOut: AFTER_V6, models: [[V6_TRAIN, V6_MODEL_FILE]] },
    {
      names: "tells-model@5",
      rows: 6485,
      leftOut: [...FIFTH_PASS_IDS, ...AFTER_V6],
      models: [[V5_TRAIN, V5_MODEL_FILE]],
    },
  ] as const;

  it.each(RELEASED)(
    "keeps $names reproducible from the $rows rows they shipped with",
    ({ rows, leftOut, models }) => {
      const released = loadCorpus().filter((r) => !(leftOut as readonly string[]).includes(r.family));
      expect(released.length).toBe(rows);
      for (const [options, file] of models)
        expect(`${JSON.stringify(trainShippedModel(released, options))}\n`, options.version).toBe(
          readFileSync(file, "utf8"),
        );
    },
    240_000,
  );
});
