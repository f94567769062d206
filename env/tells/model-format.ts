import { bagNetworkFits } from "./bag-network";
import { hiddenLayerFits } from "./combiner-hidden";
import { VERBAL_SIGNALS } from "./cue-rules";
import { groupHeadsFit } from "./group-head-reader";
import { COMBINER_INPUT_COUNT, type CombinerInputs, type SignalCombiner } from "./signal-combiner";
import type { TellsModelWeights } from "./tells-model";
import { FEATURE_BITS } from "./text-features";

/** What a tells model file's format asks of its reader (tells-model.ts), checked against what the file carries. */
export interface FormatReading {
  /** Noisy-or over clauses (tells-model/4 on). */
  pooled: boolean;
  /** A message network (tells-model/8 on). */
  networked: boolean;
  /** Each distinct word's own features summed once, then added per token (tells-model/9). */
  wordSums: boolean;
}

/**
 * The combiners a format may carry (undefined: none); formats not listed carry none. A
 * tells-model/6 file carries one once it is fitted: the inner-fold models that fit it are read
 * without one.
 */
const COMBINERS_OF_FORMAT: Readonly<Record<string, readonly (CombinerInputs | undefined)[]>> = {
  "tells-model/5": ["cross-signal/1", "cross-signal/2"],
  "tells-model/6": [undefined, "cross-signal/3"],
  "tells-model/7": [undefined, "cross-signal/3"],
  "tells-model/8": [undefined, "cross-signal/4"],
  "tells-model/9": [undefined, "cross-signal/4"],
};

/** How to read the file, or a throw naming it when this reader cannot. */
export function formatReading(w: TellsModelWeights): FormatReading {
  const v2 = w.format === "tells-model/2";
  // What a format carries: word sums (/9), a message network (/8 on), a combiner's hidden layers
  // (/7 on), group heads (/6 on).
  const wordSums = w.format === "tells-model/9";
  const networked = wordSums || w.format === "tells-model/8";
  const layered = networked || w.format === "tells-model/7";
  const grouped = layered || w.format === "tells-model/6";
  const pooled = grouped || w.format === "tells-model/5" || w.format === "tells-model/4";
  if (
    (!v2 && !pooled && w.format !== "tells-model/3") ||
    w.feature_bits !== FEATURE_BITS ||
    v2 === (w.feature_set !== undefined) ||
    pooled !== (w.clause_pooling === "noisy-or") ||
    !(COMBINERS_OF_FORMAT[w.format] ?? [undefined]).includes(w.combiner?.inputs) ||
    (w.combiner !== undefined && !combinerFits(w.combiner, layered)) ||
    grouped !== (w.group_heads !== undefined) ||
    (w.group_heads !== undefined && !groupHeadsFit(w.group_heads)) ||
    networked !== (w.network !== undefined) ||
    (w.network !== undefined && !bagNetworkFits(w.network, w.features.length))
  ) {
    throw new Error(`tells model ${w.version}: format ${w.format}/${w.feature_bits} is not readable here`);
  }
  return { pooled, networked, wordSums };
}

/**
 * A combiner of a kind this reader knows, with one weight per input and one threshold per signal,
 * and a hidden layer per signal exactly when the format carries them (tells-model/7 on).
 */
function combinerFits(c: SignalCombiner, hidden: boolean): boolean {
  const inputs = COMBINER_INPUT_COUNT[c.inputs];
  const signals = VERBAL_SIGNALS.length;
  return (
    inputs !== undefined &&
    c.weights.length === signals &&
    c.thresholds.length === signals &&
    c.weights.every((w) => w.length === inputs) &&
    hidden === (c.hidden !== undefined) &&
    (c.hidden === undefined ||
      (c.hidden.length === signals && c.hidden.every((l) => hiddenLayerFits(l, inputs))))
  );
}
