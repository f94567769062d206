import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { basename } from "node:path";
import type { TellsModelRef } from "../../env/tells/extract-cues";
import { CORPUS_FILE, type CorpusRow } from "./corpus/corpus-row";
import type { TrainOptions } from "./model/train-options";

/** What a tells eval figure depends on, recorded beside it in the last-line JSON. */
export interface TellsEvalProvenance {
  git_commit: string;
  /** The rows: the committed file's bytes and the label revision read over them (label-fixes.ts). */
  corpus: { file: string; sha256: string; labels: number; rows: number; families: number };
  /** The training every fold ran (its version and a hash of all its options). */
  training: { version: string; feature_set: string; sha256: string };
  /** The shipped model: what the timings and the untouched sets read with. */
  shipped_model: TellsModelRef;
}

const sha256 = (s: string): string => `sha256:${createHash("sha256").update(s).digest("hex")}`;

/** A committed file a figure was read from: its name and the sha256 of its bytes. */
export function fileProvenance(file: string): { file: string; sha256: string } {
  return { file: basename(file), sha256: sha256(readFileSync(file, "utf8")) };
}

/** The corpus rows a figure was read from: the file, the label revision read over it, rows and families. */
export function corpusProvenance(
  rows: readonly CorpusRow[],
  labels: number,
  file = CORPUS_FILE,
): TellsEvalProvenance["corpus"] {
  return {
    ...fileProvenance(file),
    labels,
    rows: rows.length,
    families: new Set(rows.map((r) => r.family)).size,
  };
}

export function tellsEvalProvenance(o: {
  rows: readonly CorpusRow[];
  labels: number;
  training: TrainOptions;
  shipped: TellsModelRef;
  corpusFile?: string;
  /** The commit of the code that ran (the shell reads it: src/cli/eval/git-commit.ts). */
  commit: string;
}): TellsEvalProvenance {
  return {
    git_commit: o.commit,
    corpus: corpusProvenance(o.rows, o.labels, o.corpusFile),
    training: {
      version: o.training.version,
      feature_set: o.training.featureSet,
      sha256: sha256(JSON.stringify(o.training)),
    },
    shipped_model: { version: o.shipped.version, hash: o.shipped.hash },
  };
}
