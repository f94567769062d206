import type { TellsModelWeights } from "../../../env/tells/tells-model";
import type { CorpusRow } from "../corpus/corpus-row";
import { chooseThresholds, decided } from "./thresholds";
import { trainTellsModel } from "./train";
import { DEFAULT_TRAIN } from "./train-options";

/** The shipped model: thresholds and rule vetoes chosen by grouped folds over all families, then trained on all of them. */
export function trainShippedModel(rows: readonly CorpusRow[], o = DEFAULT_TRAIN): TellsModelWeights {
  return trainTellsModel(rows, decided(o, chooseThresholds(rows, o)));
}
