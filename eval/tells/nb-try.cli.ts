import { loadCorpus } from "./corpus/corpus-row";
import { crossValidate, scorePath } from "./held-out";
import { DEFAULT_TRAIN } from "./model/train";

/**
 * Fifth-pass experiment (not shipped; reverted in the next commit): `npm run eval:tells`'s
 * family-held-out protocol (5 grouped folds, thresholds chosen inside each fold) with NB
 * log-count-ratio feature scaling. NB_ALPHA=<smoothing> turns it on (absent: the v4 trainer),
 * NB_BELOW=2048 scales only the concept buckets, NB_FAMILY=1 counts families instead of clauses.
 * Last line: JSON with the message-level macro F1.
 */
const env = (k: string): string | undefined => process.env[k];
const alpha = env("NB_ALPHA") === undefined ? undefined : Number(env("NB_ALPHA"));
const below = env("NB_BELOW") === undefined ? undefined : Number(env("NB_BELOW"));
const byFamily = env("NB_FAMILY") === "1";
const preds = crossValidate(loadCorpus(), 5, {
  ...DEFAULT_TRAIN,
  nbAlpha: alpha,
  nbBelow: below,
  nbByFamily: byFamily,
});
const s = scorePath(preds, "model").message;
console.log(JSON.stringify({ alpha, below, byFamily, macro_f1: s.macro_f1, per_signal: s.per_signal }));
