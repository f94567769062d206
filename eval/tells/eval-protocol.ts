import type { Decision } from "./model/thresholds";

/**
 * How `npm run eval:tells` holds families out. The full protocol (the default, and the only
 * one whose numbers are quoted as results) chooses thresholds and rule vetoes inside every
 * outer fold by inner grouped folds: 4 trainings per outer fold. For quick iterations on a
 * shared 2-core machine a cheaper proxy can be asked for by environment:
 * - TELLS_EVAL_FOLDS=k: k outer folds instead of 5 (2–10);
 * - TELLS_EVAL_FAST=1: thresholds and vetoes fixed to the shipped model's, one training per
 *   fold. A change that moves probabilities is then judged partly on an old threshold fit.
 */
export interface EvalProtocol {
  folds: number;
  /** Fixed decision (fast proxy) or undefined: chosen inside each outer fold. */
  fixed: Decision | undefined;
  name: string;
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
  const fast = env.TELLS_EVAL_FAST === "1";
  const full = folds === FULL_FOLDS && !fast;
  return {
    folds,
    fixed: fast ? { thresholds: [...shipped.thresholds], ruleVeto: [...shipped.ruleVeto] } : undefined,
    name: full
      ? `family-held-out grouped ${folds}-fold, message level`
      : `PROXY (not a result): family-held-out grouped ${folds}-fold${fast ? ", shipped thresholds fixed" : ""}, message level`,
  };
}
