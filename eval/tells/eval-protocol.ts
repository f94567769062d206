import { FEATURE_SET_IDS } from "../../env/tells/feature-sets";
import type { Decision } from "./model/thresholds";
import type { TrainOptions } from "./model/train-options";

/**
 * How `npm run eval:tells` holds families out. The full protocol (the default, and the only
 * one whose numbers are quoted as results) chooses thresholds and rule vetoes inside every
 * outer fold by inner grouped folds: 4 trainings per outer fold. For quick iterations on a
 * shared 2-core machine a cheaper proxy can be asked for by environment:
 * - TELLS_EVAL_FOLDS=k: k outer folds instead of 5 (2–10);
 * - TELLS_EVAL_FAST=1: thresholds, vetoes and combiner fixed to the shipped model's, one training per
 *   fold. A change that moves probabilities is then judged partly on an old threshold fit.
 * And, for judging a change over several splits rather than one (held-out figures move by about
 * ±0.005 from one split to another):
 * - TELLS_EVAL_PLACEMENT=p: the families placed in folds in another fixed order (0–99; 0, the
 *   default, is the canonical split quoted in the docs). The full protocol still runs.
 * And, for judging one model's settings against another's on the SAME rows (a grown corpus):
 * - TELLS_EVAL_FEATURES=n: train every fold on feature set tells-features/n instead of the
 *   default training's;
 * - TELLS_EVAL_FLOOR=x: the inner-fold precision floor of the threshold choice (0–1; 0: none).
 * Both are named in the title, so a figure says which settings it was made with.
 */
export interface EvalProtocol {
  folds: number;
  /** Fixed decision (fast proxy) or undefined: chosen inside each outer fold. */
  fixed: Decision | undefined;
  /** Which placement of families in folds (held-out.ts familyFolds); 0 is the canonical one. */
  placement: number;
  /** What the run trains with instead of the default training (TELLS_EVAL_FEATURES / _FLOOR). */
  train: Pick<Partial<TrainOptions>, "featureSet" | "precisionFloor">;
  name: string;
}

function trainOverrides(env: Readonly<Record<string, string | undefined>>): EvalProtocol["train"] {
  const out: EvalProtocol["train"] = {};
  const rawSet = env.TELLS_EVAL_FEATURES;
  if (rawSet !== undefined && rawSet !== "") {
    const id = `tells-features/${rawSet}`;
    if (!FEATURE_SET_IDS.includes(id))
      throw new Error(
        `TELLS_EVAL_FEATURES must name a feature set (${FEATURE_SET_IDS.join(", ")}), got "${rawSet}"`,
      );
    out.featureSet = id;
  }
  const rawFloor = env.TELLS_EVAL_FLOOR;
  if (rawFloor !== undefined && rawFloor !== "") {
    const floor = Number(rawFloor);
    if (!Number.isFinite(floor) || floor < 0 || floor > 1)
      throw new Error(`TELLS_EVAL_FLOOR must be a number from 0 to 1, got "${rawFloor}"`);
    out.precisionFloor = floor;
  }
  return out;
}

export const FULL_FOLDS = 5;

export function evalProtocol(
  env: Readonly<Record<string, string | undefined>>,
  shipped: Decision,
): EvalProtocol {
  const rawFolds = env.TELLS_EVAL_FOLDS;
  const folds = rawFolds === undefined || rawFolds === "" ? FULL_FOLDS : Number(rawFolds);
  if (!Number.isInteger(folds) || folds < 2 || folds > 10)
    throw new Error(`TELLS_EVAL_FOLDS must be an integer from 2 to 10, got "${rawFolds}"`);
  const rawPlacement = env.TELLS_EVAL_PLACEMENT;
  const placement = rawPlacement === undefined || rawPlacement === "" ? 0 : Number(rawPlacement);
  if (!Number.isInteger(placement) || placement < 0 || placement > 99)
    throw new Error(`TELLS_EVAL_PLACEMENT must be an integer from 0 to 99, got "${rawPlacement}"`);
  const fast = env.TELLS_EVAL_FAST === "1";
  const full = folds === FULL_FOLDS && !fast;
  const train = trainOverrides(env);
  const settings = [
    ...(train.featureSet === undefined ? [] : [train.featureSet]),
    ...(train.precisionFloor === undefined ? [] : [`precision floor ${train.precisionFloor}`]),
  ];
  const where = `${placement === 0 ? "" : `, fold placement ${placement}`}${settings.map((x) => `, ${x}`).join("")}`;
  return {
    folds,
    fixed: fast ? structuredClone(shipped) : undefined,
    placement,
    train,
    name: full
      ? `family-held-out grouped ${folds}-fold${where}, message level`
      : `PROXY (not a result): family-held-out grouped ${folds}-fold${where}${fast ? ", shipped thresholds fixed" : ""}, message level`,
  };
}
