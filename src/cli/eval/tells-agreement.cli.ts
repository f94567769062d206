import { VERBAL_SIGNALS } from "../../../env/tells/cue-rules";
import { loadCorpus } from "../../../eval/tells/corpus/corpus-row";
import { LATEST_LABELS } from "../../../eval/tells/corpus/label-fixes";
import { corpusProvenance, fileProvenance } from "../../../eval/tells/eval-provenance";
import { compact, table } from "../../../eval/tells/report-format";
import {
  agreement,
  loadSecondHand,
  SECOND_HAND_FILE,
  SECOND_HAND_SAMPLE,
} from "../../../eval/tells/second-hand";
import { gitCommit } from "./git-commit";

/**
 * `npm run eval:tells:agreement`: a second hand's message-level labels of a seeded random
 * sample of the corpus, scored against the corpus's labels the way `npm run eval:tells` scores
 * an extractor. How far two careful readers of the same rules agree is the most a held-out
 * figure could sensibly reach. Prints the table and every row where the two differ; last line:
 * JSON with what the figure depends on.
 */
const rows = loadCorpus();
const a = agreement(loadSecondHand(), rows);
const byId = new Map(rows.map((r) => [r.id, r]));
const short = (s: readonly string[]): string => (s.length === 0 ? "-" : s.join(","));

console.log(`second hand against the corpus's labels (revision ${LATEST_LABELS}), ${a.rows} rows`);
console.log(table("second hand", a.score));
console.log(`\n${a.differ.length} rows differ (corpus → second hand):`);
for (const d of a.differ) {
  const text = byId.get(d.id)?.text.replace(/\s+/g, " ") ?? "";
  console.log(`  ${d.id.padEnd(34)} ${short(d.corpus).padEnd(22)} → ${short(d.second).padEnd(22)} ${text}`);
}
const rowsPerSignal = Object.fromEntries(
  VERBAL_SIGNALS.map((s) => [s, a.score.per_signal[s].tp + a.score.per_signal[s].fn]),
);
console.log(
  JSON.stringify({
    rows: a.rows,
    ...compact(a.score),
    corpus_rows_per_signal: rowsPerSignal,
    rows_that_differ: a.differ.length,
    provenance: {
      git_commit: gitCommit(),
      sample: SECOND_HAND_SAMPLE,
      second_hand: fileProvenance(SECOND_HAND_FILE),
      corpus: corpusProvenance(rows, LATEST_LABELS),
    },
  }),
);
