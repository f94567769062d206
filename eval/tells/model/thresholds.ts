import { VERBAL_SIGNALS } from "../../../env/tells/cue-rules";
import { RULE_VETO } from "../../../env/tells/model-cues";
import { loadTellsModel } from "../../../env/tells/tells-model";
import { matchCueRules } from "../../../env/tells/verbal";
import type { CorpusRow } from "../corpus/corpus-row";
import { familyFolds } from "../held-out";
import { type TrainOptions, trainTellsModel } from "./train";

const CANDIDATES = [0.15, 0.2, 0.25, 0.3, 0.35, 0.4, 0.45, 0.5, 0.55, 0.6];
const INNER_FOLDS = 3;

interface Seen {
  gold: boolean[];
  rule: boolean[];
  p: number[];
}

/**
 * Per-signal decision thresholds chosen by grouped k-fold over the given rows' own families
 * (never looking at anything held out from them): each inner model reads families it was not
 * trained on, and each signal takes the candidate threshold with the best message-level F1 of
 * the combined path (a kept rule span or the model above the threshold).
 */
export function chooseThresholds(rows: readonly CorpusRow[], train: TrainOptions): number[] {
  const folds = familyFolds(rows, INNER_FOLDS);
  const seen: Seen[] = [];
  for (let fold = 0; fold < INNER_FOLDS; fold++) {
    const model = loadTellsModel(
      trainTellsModel(
        rows.filter((r) => folds.get(r.family) !== fold),
        train,
      ),
    );
    for (const r of rows.filter((x) => folds.get(x.family) === fold)) {
      const m = model.read(r.text);
      const rules = matchCueRules(r.text);
      seen.push({
        gold: VERBAL_SIGNALS.map((s) => r.spans.some((x) => x.signal === s)),
        rule: VERBAL_SIGNALS.map((s) => m.probability[s] >= RULE_VETO && rules.some((x) => x.signal === s)),
        p: VERBAL_SIGNALS.map((s) => m.probability[s]),
      });
    }
  }
  return VERBAL_SIGNALS.map((_, s) => {
    let best = 0.5;
    let bestF1 = -1;
    for (const t of CANDIDATES) {
      let tp = 0;
      let fp = 0;
      let fn = 0;
      for (const x of seen) {
        const predicted = (x.rule[s] as boolean) || (x.p[s] as number) >= t;
        if (predicted && x.gold[s]) tp++;
        else if (predicted) fp++;
        else if (x.gold[s]) fn++;
      }
      const f1 = tp === 0 ? 0 : (2 * tp) / (2 * tp + fp + fn);
      if (f1 > bestF1) {
        bestF1 = f1;
        best = t;
      }
    }
    return best;
  });
}
