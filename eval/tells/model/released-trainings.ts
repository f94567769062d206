import { readFileSync } from "node:fs";
import { loadCorpus } from "../corpus/corpus-row";
import { FIFTH_PASS_IDS } from "../corpus/families";
import { familiesFromPass } from "../corpus/families/later-passes";
import {
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
  V17_MODEL_FILE,
  V18_MODEL_FILE,
  V19_MODEL_FILE,
  V20_MODEL_FILE,
  V21_MODEL_FILE,
  V22_MODEL_FILE,
  V23_MODEL_FILE,
  V24_MODEL_FILE,
} from "./model-file";
import { trainShippedModel } from "./shipped";
import {
  type TrainOptions,
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
  V17_TRAIN,
  V18_TRAIN,
  V19_TRAIN,
  V20_TRAIN,
  V21_TRAIN,
  V22_TRAIN,
  V23_TRAIN,
  V24_TRAIN,
} from "./train-options";

// The families each released model is retrained without: those of the passes after it.
const AFTER_V18 = familiesFromPass("fifteenth");
const AFTER_V17 = familiesFromPass("fourteenth");
const AFTER_V16 = familiesFromPass("thirteenth");
const AFTER_V15 = familiesFromPass("twelfth");
// v13 and v14 were released on the same rows, as were v10 and v11, and v7 to v9.
const AFTER_V14 = familiesFromPass("eleventh");
const AFTER_V12 = familiesFromPass("tenth");
const AFTER_V11 = familiesFromPass("ninth");
const AFTER_V9 = familiesFromPass("eighth");
// v5 and v6 were released before the sixth pass; v5 before the fifth too.
const AFTER_V6 = familiesFromPass("sixth");

/** Released models trained on the same rows, with the options and the file each shipped with. */
export interface ReleasedTraining {
  names: string;
  rows: number;
  /** The label revision it read (label-fixes.ts). */
  labels: number;
  leftOut: readonly string[];
  models: readonly (readonly [TrainOptions, string])[];
}

/**
 * Every released model, newest first: retrained on exactly the rows and settings it shipped
 * with (the families of later passes left out), its file stays reproducible byte for byte while
 * the corpus grows. Two test files share the list so the retraining, minutes of CPU, runs on
 * two workers.
 */
export const RELEASED_TRAININGS: readonly ReleasedTraining[] = [
  // v24 to v19 shipped on the rows the shipped model reads (no corpus pass since): nothing left
  // out. One entry each: v19 read v15's options, and the shipped training does all v24's did
  // (it only reads the file differently), trains v23's heads and all v22's did (OPTIONS_SHARED),
  // so npm test need not redo them.
  {
    names: "tells-model@24",
    rows: 14160,
    labels: 1,
    leftOut: [],
    models: [[V24_TRAIN, V24_MODEL_FILE]],
  },
  {
    names: "tells-model@23",
    rows: 14160,
    labels: 1,
    leftOut: [],
    models: [[V23_TRAIN, V23_MODEL_FILE]],
  },
  {
    names: "tells-model@22",
    rows: 14160,
    labels: 1,
    leftOut: [],
    models: [[V22_TRAIN, V22_MODEL_FILE]],
  },
  {
    names: "tells-model@21",
    rows: 14160,
    labels: 1,
    leftOut: [],
    models: [[V21_TRAIN, V21_MODEL_FILE]],
  },
  {
    names: "tells-model@20",
    rows: 14160,
    labels: 1,
    leftOut: [],
    models: [[V20_TRAIN, V20_MODEL_FILE]],
  },
  {
    names: "tells-model@19",
    rows: 14160,
    labels: 1,
    leftOut: [],
    models: [[V19_TRAIN, V19_MODEL_FILE]],
  },
  {
    names: "tells-model@18",
    rows: 13680,
    labels: 0,
    leftOut: AFTER_V18,
    models: [[V18_TRAIN, V18_MODEL_FILE]],
  },
  {
    names: "tells-model@17",
    rows: 13200,
    labels: 0,
    leftOut: AFTER_V17,
    models: [[V17_TRAIN, V17_MODEL_FILE]],
  },
  {
    names: "tells-model@16",
    rows: 12720,
    labels: 0,
    leftOut: AFTER_V16,
    models: [[V16_TRAIN, V16_MODEL_FILE]],
  },
  {
    names: "tells-model@15",
    rows: 12240,
    labels: 0,
    leftOut: AFTER_V15,
    models: [[V15_TRAIN, V15_MODEL_FILE]],
  },
  {
    names: "tells-model@14 and @13",
    rows: 11760,
    labels: 0,
    leftOut: AFTER_V14,
    models: [
      [V14_TRAIN, V14_MODEL_FILE],
      [V13_TRAIN, V13_MODEL_FILE],
    ],
  },
  {
    names: "tells-model@12",
    rows: 11280,
    labels: 0,
    leftOut: AFTER_V12,
    models: [[V12_TRAIN, V12_MODEL_FILE]],
  },
  {
    names: "tells-model@11 and @10",
    rows: 10800,
    labels: 0,
    leftOut: AFTER_V11,
    models: [
      [V11_TRAIN, V11_MODEL_FILE],
      [V10_TRAIN, V10_MODEL_FILE],
    ],
  },
  {
    names: "tells-model@9, @8 and @7",
    rows: 9538,
    labels: 0,
    leftOut: AFTER_V9,
    models: [
      [V9_TRAIN, V9_MODEL_FILE],
      [V8_TRAIN, V8_MODEL_FILE],
      [V7_TRAIN, V7_MODEL_FILE],
    ],
  },
  { names: "tells-model@6", rows: 6766, labels: 0, leftOut: AFTER_V6, models: [[V6_TRAIN, V6_MODEL_FILE]] },
  {
    names: "tells-model@5",
    rows: 6485,
    labels: 0,
    leftOut: [...FIFTH_PASS_IDS, ...AFTER_V6],
    models: [[V5_TRAIN, V5_MODEL_FILE]],
  },
];

/**
 * The released trainings `npm test` does not redo: each read the same options as a newer release
 * it does redo (v16–v19 as v15, v12 as v11), on more or fewer rows, or the shipped model's on
 * the same rows but for what it adds after them: v23 is the shipped training without the message
 * network (its heads, thresholds and vetoes are the shipped file's byte for byte; its combiner reads
 * the first 24 of the same inputs), v22 that without the combiner's hidden layer. Redoing every release costs minutes of CI, more with each
 * release; a change to the trainer shows on the release that shares the options, and `npm run
 * test:released` redoes these as well.
 */
const OPTIONS_SHARED = new Set([
  "tells-model@24",
  "tells-model@23",
  "tells-model@22",
  "tells-model@19",
  "tells-model@18",
  "tells-model@17",
  "tells-model@16",
  "tells-model@12",
]);

/** The released trainings `npm test` redoes (shipped-model.test.ts and released-early.test.ts). */
export const REDONE_EVERY_RUN = RELEASED_TRAININGS.filter((t) => !OPTIONS_SHARED.has(t.names));

/** The released trainings only `npm run test:released` redoes. */
export const REDONE_ON_REQUEST = RELEASED_TRAININGS.filter((t) => OPTIONS_SHARED.has(t.names));

/**
 * A released training redone: the rows it read (the whole corpus minus the families added after
 * it) and, per model, the file it writes now beside the file that shipped.
 */
export function retrain(t: ReleasedTraining): {
  rows: number;
  files: { version: string; now: string; shipped: string }[];
} {
  const rows = loadCorpus({ labels: t.labels }).filter((r) => !t.leftOut.includes(r.family));
  return {
    rows: rows.length,
    files: t.models.map(([options, file]) => ({
      version: options.version,
      now: `${JSON.stringify(trainShippedModel(rows, options))}\n`,
      shipped: readFileSync(file, "utf8"),
    })),
  };
}
