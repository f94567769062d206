import type { CombinerInputs, SignalCombiner } from "../../../env/tells/signal-combiner";
import type { BagNetworkFit } from "./bag-network-fit";
import type { HiddenFit } from "./hidden-fit";

/**
 * How a tells model is trained (the options trainTellsModel reads), and the options every
 * released model was trained with: a released file is retrained from these byte for byte, so
 * they are frozen like the files (a change is a new version).
 */
export interface TrainOptions {
  seed: number;
  epochs: number;
  /** AdaGrad base step. */
  rate: number;
  /** L2 strength, applied to the weights a row touches (lazy). */
  l2: number;
  /** Per-signal decision thresholds (0.5 when absent; the shipped model's come from thresholds.ts). */
  thresholds?: readonly number[];
  /** Per-signal rule veto levels (0.1 when absent; chosen with the thresholds). */
  ruleVeto?: readonly number[];
  version: string;
  /** The feature set (env/tells/feature-sets.ts) the model reads with; tells-features/3 writes a tells-model/2 file. */
  featureSet: string;
  /**
   * Thresholds are chosen for the best inner-fold F1 among the (veto, threshold) pairs whose
   * inner-fold precision reaches this floor (the best F1 overall when none does); 0: no floor
   * (tells-model@3 and @4 were chosen so).
   */
  precisionFloor?: number;
  /**
   * At most this many non-zero rows in the file, keeping the strongest (summed |int8| over the
   * heads; ties: lower bucket). The reader's bucket → row index is 16-bit (≤ 32,766 rows, cache
   * sized), and the grown corpus leaves 40k+ non-zero buckets. Absent: no cap (v3, v4).
   */
  maxRows?: number;
  /** Clause pooling the file asks its reader for (tells-model/4); absent: the strongest clause. */
  clausePooling?: "noisy-or";
  /**
   * When set (0–1), the signal heads learn message by message: a clause outside every gold span
   * of a signal learns 0, and each clause inside one learns this share of the noisy-or
   * multiple-instance gradient (the clauses of the message carry the signal together, so a
   * clause another one already explains is pushed less) plus the rest of its plain target 1.
   * Absent: every clause learns its own target, in one shuffled order of clauses (v3–v8).
   */
  multiInstanceShare?: number;
  /**
   * When set, a feature bucket is learned only if rows of at least this many training families
   * touch it; the rest are dropped from the examples. A phrase only one voice uses cannot help
   * read a voice held out, and while it is learned it takes weight the shared features would
   * otherwise carry. Absent: every bucket is learned (v3–v10).
   */
  minFamilies?: number;
  /**
   * When set, the file is a tells-model/5 whose combiner decides which signals a message
   * carries (env/tells/signal-combiner.ts), fitted on the inner-fold readings of the threshold
   * choice with this precision floor (combinerFloor; precisionFloor when absent). Absent:
   * thresholds and rule vetoes decide (v3–v13).
   */
  combiner?: CombinerInputs;
  /**
   * How many inner grouped folds the threshold choice (and the combiner's fit) reads with; 3
   * when absent (v3–v13). More folds train each inner model on more families, so its readings
   * are closer to what the model trained on all of them will give a stranger.
   */
  innerFolds?: number;
  combinerFloor?: number;
  /**
   * When set, the combiner also has a hidden layer per signal (env/tells/combiner-hidden.ts),
   * fitted with its linear part on the same inner-fold readings (hidden-fit.ts); the file is a
   * tells-model/7. Absent: a linear combiner (v14–v22).
   */
  combinerHidden?: HiddenFit;
  /**
   * When set, with combiner "cross-signal/4", the file also carries a message network
   * (env/tells/bag-network.ts) trained after the heads on the same rows, over the rows they kept;
   * the file is a tells-model/8. Absent: no network (v3–v23).
   */
  bagNetwork?: BagNetworkFit;
  /**
   * When set (with bagNetwork), the file is a tells-model/9: the same weights, read with each
   * distinct word's own features summed once (env/tells/word-sums.ts). Its combiner is fitted on
   * the inner models' tells-model/8 readings, so it is the combiner the file would carry without.
   * Absent: tells-model/8 (v24).
   */
  wordSums?: boolean;
  /** The fitted combiner written into the file (set from the threshold choice, like `thresholds`). */
  combinerWeights?: SignalCombiner;
}

/** How tells-model@5 was trained (released; its file is retrained from these, byte for byte). */
export const V5_TRAIN: TrainOptions = {
  seed: 7,
  epochs: 12,
  rate: 0.3,
  l2: 1e-5,
  thresholds: [0.35, 0.35, 0.35, 0.35, 0.35],
  version: "tells-model@5",
  featureSet: "tells-features/5",
  precisionFloor: 0.8,
  maxRows: 32_000,
};

/** How tells-model@6 was trained: v5's learner over feature set 6 (released; retrained byte for byte). */
export const V6_TRAIN: TrainOptions = {
  ...V5_TRAIN,
  version: "tells-model@6",
  featureSet: "tells-features/6",
};

/**
 * How tells-model@7 was trained: v6's learner and features on the corpus of the seventh pass
 * (9,538 rows, 101 families); only the data changed (released; retrained byte for byte from
 * those rows).
 */
export const V7_TRAIN: TrainOptions = {
  ...V6_TRAIN,
  version: "tells-model@7",
};

/**
 * How tells-model@8 was trained (docs/tells.md, "Tenth pass"; released, retrained byte for
 * byte): v7's rows read with tells-features/7 (surface n-grams at twice v6's values), half v7's
 * AdaGrad step, and noisy-or pooling of clause probabilities. Each alone moved the mean over four placements by +0.002 to
 * +0.004; together +0.011, and +0.013 on four placements not used to choose them.
 */
export const V8_TRAIN: TrainOptions = {
  ...V7_TRAIN,
  version: "tells-model@8",
  featureSet: "tells-features/7",
  rate: 0.15,
  clausePooling: "noisy-or",
};

/**
 * How tells-model@9 was trained (docs/tells.md, "Eleventh pass"; released, retrained byte for
 * byte from the 9,538 rows before the eighth corpus pass): v8's, with the signal heads taught
 * as the reader pools them, by noisy-or over a message's clauses (share 0.7 of the
 * multiple-instance gradient; shares 0.3, 0.5 and 1 did less well held out).
 */
export const V9_TRAIN: TrainOptions = {
  ...V8_TRAIN,
  version: "tells-model@9",
  multiInstanceShare: 0.7,
};

/**
 * How tells-model@10 was trained: v9's learner on the corpus of the eighth pass (10,800 rows,
 * 117 families). Only the data changed (docs/tells.md, "Twelfth pass"; released, retrained byte
 * for byte).
 */
export const V10_TRAIN: TrainOptions = {
  ...V9_TRAIN,
  version: "tells-model@10",
};

/**
 * How tells-model@11 was trained (docs/tells.md, "Thirteenth pass"; released, retrained byte for
 * byte from the 10,800 rows before the ninth corpus pass): v10's, read with tells-features/8
 * (no condition gate), and learning only the buckets rows of at least five training families
 * touch. Together +0.0066 macro F1 over placements 0–3 and +0.0077 over 4–7.
 */
export const V11_TRAIN: TrainOptions = {
  ...V10_TRAIN,
  version: "tells-model@11",
  featureSet: "tells-features/8",
  minFamilies: 5,
};

/**
 * How tells-model@12 was trained: v11's learner on the corpus of the ninth pass (11,280 rows,
 * 123 families). Only the data changed (docs/tells.md, "Fourteenth pass"; released, retrained
 * byte for byte).
 */
export const V12_TRAIN: TrainOptions = {
  ...V11_TRAIN,
  version: "tells-model@12",
};

/**
 * How tells-model@13 was trained: v11's learner on the corpus of the tenth pass (11,760 rows,
 * 129 families). Only the data changed (docs/tells.md, "Fifteenth pass"; released, retrained
 * byte for byte).
 */
export const V13_TRAIN: TrainOptions = {
  ...V11_TRAIN,
  version: "tells-model@13",
};

/**
 * How tells-model@14 was trained (docs/tells.md, "Sixteenth pass"; released, retrained byte for
 * byte from the 11,760 rows before the eleventh corpus pass): v13's, with the cross-signal
 * combiner deciding which signals a message carries (env/tells/signal-combiner.ts), fitted on
 * five inner folds' readings with a precision floor of 0.81. At 0.80 the combiner gained as
 * much macro F1 but took 0.01–0.015 of precision from three signals; at 0.82 it took 0.025 of
 * urgency's recall; with three inner folds urgency's precision fell to 0.799 on the canonical
 * split.
 */
export const V14_TRAIN: TrainOptions = {
  ...V13_TRAIN,
  version: "tells-model@14",
  combiner: "cross-signal/1",
  combinerFloor: 0.81,
  innerFolds: 5,
};

/**
 * How tells-model@15 was trained (released; retrained byte for byte from the 12,240 rows before
 * the twelfth corpus pass): v14's learner and combiner on the corpus of the eleventh pass
 * (12,240 rows, 135 families), with the combiner's precision floor raised from 0.81 to 0.82: at
 * 0.81 urgency's precision fell to 0.799 on the canonical split of the grown corpus (0.797 on
 * placement 4), under issue #12's bar (docs/tells.md, "Seventeenth pass").
 */
export const V15_TRAIN: TrainOptions = {
  ...V14_TRAIN,
  version: "tells-model@15",
  combinerFloor: 0.82,
};

/**
 * How tells-model@16 was trained: v15's learner and combiner on the corpus of the twelfth pass
 * (12,720 rows, 141 families). Only the data changed (docs/tells.md, "Eighteenth pass";
 * released, retrained byte for byte).
 */
export const V16_TRAIN: TrainOptions = {
  ...V15_TRAIN,
  version: "tells-model@16",
};

/**
 * How tells-model@17 was trained: v16's learner and combiner on the corpus of the thirteenth pass
 * (13,200 rows, 147 families). Only the data changed (docs/tells.md, "Nineteenth pass"; released,
 * retrained byte for byte).
 */
export const V17_TRAIN: TrainOptions = {
  ...V16_TRAIN,
  version: "tells-model@17",
};

/**
 * How tells-model@18 was trained: v17's learner and combiner on the corpus of the fourteenth pass
 * (13,680 rows, 153 families). Only the data changed (docs/tells.md, "Twentieth pass"; released,
 * retrained byte for byte).
 */
export const V18_TRAIN: TrainOptions = {
  ...V17_TRAIN,
  version: "tells-model@18",
};

/**
 * How tells-model@19 was trained: v18's learner and combiner on the corpus of the fifteenth pass
 * (14,160 rows, 159 families) with label revision 1 (five battery-health rows relabelled). Only
 * the data changed (docs/tells.md, "Twenty-first pass"; released, retrained byte for byte).
 */
export const V19_TRAIN: TrainOptions = {
  ...V18_TRAIN,
  version: "tells-model@19",
};

/**
 * How tells-model@20 was trained: v19's rows and learner, read with feature set tells-features/9
 * (the v7 lexicon: a second, reviewed list of regional words) and decided by a cross-signal/2
 * combiner, which also reads how much of the message the model knows and how many clauses it
 * has (docs/tells.md, "Twenty-second pass"; released, retrained byte for byte).
 */
export const V20_TRAIN: TrainOptions = {
  ...V19_TRAIN,
  version: "tells-model@20",
  featureSet: "tells-features/9",
  combiner: "cross-signal/2",
};

/**
 * How tells-model@21 was trained: v20's rows, learner and combiner, read with feature set
 * tells-features/10, in which each clause also reads the concepts of the clauses beside it
 * (docs/tells.md, "Twenty-third pass"; released, retrained byte for byte).
 */
export const V21_TRAIN: TrainOptions = {
  ...V20_TRAIN,
  version: "tells-model@21",
  featureSet: "tells-features/10",
};

/**
 * How tells-model@22 was trained: v21's rows and learner, read with tells-features/11 (pronoun
 * concepts; how a clause ends), with a second model of group heads (group-heads.ts) that the
 * cross-signal/3 combiner reads (docs/tells.md, "Twenty-fourth pass"; released, retrained byte
 * for byte).
 */
export const V22_TRAIN: TrainOptions = {
  ...V21_TRAIN,
  version: "tells-model@22",
  featureSet: "tells-features/11",
  combiner: "cross-signal/3",
};

/**
 * How tells-model@23 was trained: v22's rows, learner and combiner inputs, the combiner with a
 * hidden layer of eight tanh units per signal (combiner-hidden.ts; docs/tells.md, "Twenty-fifth
 * pass"; released, retrained byte for byte).
 */
export const V23_TRAIN: TrainOptions = {
  ...V22_TRAIN,
  version: "tells-model@23",
  combinerHidden: { units: 8, l2: 1e-3, rate: 0.01, iterations: 300, seed: 23 },
};

/**
 * How tells-model@24 was trained: v23's rows, learner and combiner, with a message network of
 * eight ReLU units (bag-network.ts) whose logits the cross-signal/4 combiner also reads
 * (docs/tells.md, "Twenty-seventh pass"; released, retrained byte for byte).
 */
export const V24_TRAIN: TrainOptions = {
  ...V23_TRAIN,
  version: "tells-model@24",
  combiner: "cross-signal/4",
  bagNetwork: {
    units: 8,
    epochs: 12,
    rate: 0.05,
    l2: 1e-4,
    seed: 24,
    startBias: 0.5,
  },
};

/**
 * The shipped model's training: v24's, its file a tells-model/9, read with each word's own
 * features summed once per distinct word: a quarter less time per message, the same decisions
 * (docs/tells.md, "Twenty-eighth pass").
 */
export const DEFAULT_TRAIN: TrainOptions = {
  ...V24_TRAIN,
  version: "tells-model@25",
  wordSums: true,
};
