import { VERBAL_SIGNALS } from "../../../env/tells/cue-rules";
import { RULE_VETO_CANDIDATES } from "../../../env/tells/model-cues";
import { type SignalCombiner, type SignalEvidence, signalEvidence } from "../../../env/tells/signal-combiner";
import { loadTellsModel } from "../../../env/tells/tells-model";
import { matchCueRules } from "../../../env/tells/verbal";
import type { CorpusRow } from "../corpus/corpus-row";
import { familyFolds } from "../held-out";
import { fitCombiner } from "./combiner-fit";
import { bestUnderPrecisionFloor } from "./precision-floor";
import { trainTellsModel } from "./train";
import type { TrainOptions } from "./train-options";

export const CANDIDATES = [0.15, 0.2, 0.25, 0.3, 0.35, 0.4, 0.45, 0.5, 0.55, 0.6, 0.65, 0.7];

/**
 * One inner-fold reading of a message: per signal, the gold label, a rule match, the model's
 * probability, its strongest clause's and the concepts' part of that clause's logit; and the
 * message's coverage and clause count.
 */
export interface Seen extends SignalEvidence {
  gold: readonly boolean[];
}

export interface Decision {
  thresholds: number[];
  ruleVeto: number[];
  /** The message-level combiner (TrainOptions.combiner), fitted on the same inner-fold readings. */
  combiner?: SignalCombiner;
}

/**
 * Per-signal decision thresholds and rule veto levels, chosen together by grouped k-fold over
 * the given rows' own families (never looking at anything held out from them): each inner
 * model reads families it was not trained on, and each signal takes the (veto, threshold) pair
 * with the best message-level F1 of the combined path (a rule span the model does not veto, or
 * the model above the threshold). A weak rule family (condition words used about anything)
 * gets a higher veto; a precise one keeps a low one. With a precision floor (tells-model@5:
 * 0.8, issue #12's bar) only pairs whose inner-fold precision reaches it compete, so a signal
 * trades a little recall for precision where F1 alone would not. Under TrainOptions.combiner the
 * same readings also fit the combiner that decides in place of thresholds and vetoes
 * (combiner-fit.ts); the thresholds and vetoes are still chosen and shipped, for `fired`.
 */
export function chooseThresholds(rows: readonly CorpusRow[], train: TrainOptions): Decision {
  const precisionFloor = train.precisionFloor ?? 0;
  const innerFolds = train.innerFolds ?? 3;
  const folds = familyFolds(rows, innerFolds);
  const seen: Seen[] = [];
  // The inner models are read in their weights' own order of sums (word sums, tells-model/9, only
  // reorder the additions): the combiner a file with word sums ships is the one it would have without.
  const { wordSums: _, ...inner } = train;
  for (let fold = 0; fold < innerFolds; fold++) {
    const model = loadTellsModel(
      trainTellsModel(
        rows.filter((r) => folds.get(r.family) !== fold),
        inner,
      ),
    );
    for (const r of rows.filter((x) => folds.get(x.family) === fold)) {
      const m = model.read(r.text);
      seen.push({
        gold: VERBAL_SIGNALS.map((s) => r.spans.some((x) => x.signal === s)),
        ...signalEvidence(m, matchCueRules(r.text)),
      });
    }
  }
  const thresholds: number[] = [];
  const ruleVeto: number[] = [];
  VERBAL_SIGNALS.forEach((_, s) => {
    const chosen = pickDecision(seen, s, precisionFloor);
    thresholds.push(chosen.threshold);
    ruleVeto.push(chosen.veto);
  });
  if (train.combiner === undefined) return { thresholds, ruleVeto };
  return {
    thresholds,
    ruleVeto,
    combiner: fitCombiner(seen, train.combinerFloor ?? precisionFloor, train.combiner, train.combinerHidden),
  };
}

/** A training's options with a decision's thresholds, vetoes and combiner written into the file. */
export function decided(train: TrainOptions, d: Decision): TrainOptions {
  const { combiner, ...rest } = d;
  return { ...train, ...rest, ...(combiner === undefined ? {} : { combinerWeights: combiner }) };
}

const DECISION_PAIRS = RULE_VETO_CANDIDATES.flatMap((veto) =>
  CANDIDATES.map((threshold) => ({ threshold, veto })),
);

/**
 * For one signal: the (veto, threshold) pair with the best message-level F1 of the combined
 * path among the pairs whose precision reaches the floor; the best F1 overall when none does.
 * Ties keep the first pair in candidate order (lowest veto, then lowest threshold).
 */
export function pickDecision(
  seen: readonly Seen[],
  s: number,
  precisionFloor: number,
): { threshold: number; veto: number } {
  const gold = seen.map((x) => x.gold[s] as boolean);
  return bestUnderPrecisionFloor(
    DECISION_PAIRS,
    gold,
    ({ threshold, veto }, i) => {
      const x = seen[i] as Seen;
      const p = x.p[s] as number;
      return ((x.rule[s] as boolean) && p >= veto) || p >= threshold;
    },
    precisionFloor,
  );
}
