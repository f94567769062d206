import { writeFileSync } from "node:fs";
import { loadCorpus } from "../corpus/corpus-row";
import { MODEL_FILE } from "./model-file";
import { trainShippedModel } from "./shipped";

/**
 * `npm run train:tells`: train the shipped tells model on the WHOLE corpus (every family;
 * the held-out numbers come from `npm run eval:tells`, which retrains per fold) and write
 * env/tells/model/tells-model.v25.json (tells-model@25). Seeded, so the file is byte-identical on every run.
 */

const rows = loadCorpus();
const weights = trainShippedModel(rows);
const text = `${JSON.stringify(weights)}\n`;
writeFileSync(MODEL_FILE, text);
console.log(
  JSON.stringify({
    rows: rows.length,
    features: weights.features.length,
    bytes: Buffer.byteLength(text),
    thresholds: weights.thresholds,
    rule_veto: weights.rule_veto,
    ...(weights.combiner === undefined ? {} : { combiner_thresholds: weights.combiner.thresholds }),
    content_hash: weights.content_hash,
  }),
);
