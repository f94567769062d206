import { writeFileSync } from "node:fs";
import { CORPUS_FILE } from "./corpus-row";
import { FAMILIES, HAND_WRITTEN } from "./families";
import { CORPUS_SEED, corpusJsonl, generateCorpus } from "./generate";

/** `npm run corpus:tells`: regenerate tells-corpus.v1.jsonl (seeded, so the output is reproducible). */
const rows = generateCorpus(FAMILIES, HAND_WRITTEN, CORPUS_SEED);
writeFileSync(CORPUS_FILE, corpusJsonl(rows));
const negatives = rows.filter((r) => r.spans.length === 0).length;
console.log(JSON.stringify({ rows: rows.length, negatives, negative_share: negatives / rows.length }));
