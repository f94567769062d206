import { performance } from "node:perf_hooks";
import { VERBAL_SIGNALS } from "../../../env/tells/cue-rules";
import {
  extractCues,
  type LocalTellsExtractor,
  TELLS_MODEL,
  TELLS_MODEL_REF,
} from "../../../env/tells/extract-cues";
import { loadCorpus } from "../../../eval/tells/corpus/corpus-row";
import {
  AFTER_V2_LEXICON_IDS,
  FIFTH_PASS_IDS,
  FOURTH_PASS_IDS,
  FRESH_FAMILY_IDS,
  UNTOUCHED_V3_IDS,
} from "../../../eval/tells/corpus/families";
import { familiesFromPass, LATER_PASSES } from "../../../eval/tells/corpus/families/later-passes";
import { LATEST_LABELS } from "../../../eval/tells/corpus/label-fixes";
import { evalProtocol } from "../../../eval/tells/eval-protocol";
import { tellsEvalProvenance } from "../../../eval/tells/eval-provenance";
import { loadSplit } from "../../../eval/tells/fixtures";
import { freshReports } from "../../../eval/tells/fresh-report";
import { barsMet, crossValidate, familyFolds, scoreBy, scorePath } from "../../../eval/tells/held-out";
import { DEFAULT_TRAIN } from "../../../eval/tells/model/train-options";
import { compact, r4, table } from "../../../eval/tells/report-format";
import { scoreSplit } from "../../../eval/tells/score";
import { gitCommit } from "./git-commit";

/**
 * `npm run eval:tells`: the tells extractors on the corpus, held out by family (grouped
 * k-fold: each fold's model is trained on the other folds' families only), message-level as
 * an outside set labelled per message is scored, plus span overlap; per language and per
 * family; µs per message of each local path with the shipped model. Last line: JSON.
 * With `--fresh`, first each fresh set (eval/tells/fresh/, eval-only) read by the shipped model;
 * `--fresh-only` stops there. The default run leaves them out on purpose: whoever iterates on the
 * model with this command must not tune against the sets' scores, or they stop being untouched.
 */
const PROTOCOL = evalProtocol(process.env, {
  thresholds: [...TELLS_MODEL.thresholds],
  ruleVeto: [...TELLS_MODEL.ruleVeto],
  ...(TELLS_MODEL.combiner === undefined ? {} : { combiner: TELLS_MODEL.combiner }),
});
const FOLDS = PROTOCOL.folds;
const TIMED_PASSES = 7;
const US_BAR = 30;

function medianMicrosPerMessage(texts: readonly string[], path: LocalTellsExtractor): number {
  for (const t of texts) extractCues(t, path); // warm-up: let the JIT settle before timing
  const perPass: number[] = [];
  for (let pass = 0; pass < TIMED_PASSES; pass++) {
    const t0 = performance.now();
    for (const t of texts) extractCues(t, path);
    perPass.push(((performance.now() - t0) * 1000) / texts.length);
  }
  perPass.sort((a, b) => a - b);
  return perPass[Math.floor(perPass.length / 2)] ?? Number.NaN;
}

// Timed before anything is trained: the paths' cost as a server pays it. Timed at the end, after the
// fold trainings (30 models, a heap they fill, a JIT that has run the trainer), the model path read
// 31.6 µs per message on an idle machine; timed first, 23.0 (docs/tells.md, "Twenty-eighth pass").
// `--fresh-only` reports no timing, so it skips it.
const timed = process.argv.includes("--fresh-only") ? [] : loadCorpus().map((r) => r.text);
const usRules = medianMicrosPerMessage(timed, "rules");
const usModel = medianMicrosPerMessage(timed, "model");

// Fresh sets first, only when asked: `--fresh-only` stops after them (seconds, not k trainings).
const withFresh = process.argv.includes("--fresh") || process.argv.includes("--fresh-only");
const freshSets = withFresh ? freshReports() : [];
for (const f of freshSets) console.log(f.lines.join("\n"));
const freshJson = Object.fromEntries(freshSets.map((f) => [f.name, f.json]));
const TRAINING = { ...DEFAULT_TRAIN, ...PROTOCOL.train };
const rows = loadCorpus();
const provenance = tellsEvalProvenance({
  commit: gitCommit(),
  rows,
  labels: LATEST_LABELS,
  training: TRAINING,
  shipped: TELLS_MODEL_REF,
});
if (process.argv.includes("--fresh-only")) {
  console.log(JSON.stringify({ fresh_only: true, ...freshJson, provenance }));
  process.exit(0);
}

const folds = familyFolds(rows, FOLDS, PROTOCOL.placement);
const negatives = rows.filter((r) => r.spans.length === 0).length;
console.log(
  `corpus: ${rows.length} rows, ${new Set(rows.map((r) => r.family)).size} families, ${negatives} without a cue (${((100 * negatives) / rows.length).toFixed(1)} %)`,
);
for (let f = 0; f < FOLDS; f++) {
  console.log(
    `  fold ${f}: ${[...folds]
      .filter(([, k]) => k === f)
      .map(([fam]) => fam)
      .join(", ")}`,
  );
}
const preds = crossValidate(
  rows,
  FOLDS,
  TRAINING,
  (f) => process.stderr.write(`training fold ${f + 1}/${FOLDS}\n`),
  PROTOCOL.fixed,
  PROTOCOL.placement,
);
const rules = scorePath(preds, "rules");
const model = scorePath(preds, "model");
console.log(`\n${PROTOCOL.name} (a signal counts once per message)`);
console.log(table("rules", rules.message));
console.log(table("rules+model", model.message));
console.log(
  `\nspan level (overlap match): rules ${rules.span.macro_f1.toFixed(3)}, rules+model ${model.span.macro_f1.toFixed(3)}`,
);

const perLang = scoreBy(preds, "model", (p) => p.row.lang);
const perLangRules = scoreBy(preds, "rules", (p) => p.row.lang);
console.log("\nper language (message-level macro F1; per-signal F1 of rules+model)");
for (const [lang, s] of [...perLang].sort()) {
  const sig = VERBAL_SIGNALS.map((x) => `${x.slice(0, 4)} ${s.per_signal[x].f1.toFixed(2)}`).join("  ");
  console.log(
    `  ${lang.padEnd(8)} rules ${perLangRules.get(lang)?.macro_f1.toFixed(3)}  rules+model ${s.macro_f1.toFixed(3)}   ${sig}`,
  );
}
console.log("\nper held-out family (message-level macro F1, rules+model)");
for (const [fam, s] of [...scoreBy(preds, "model", (p) => p.row.family)].sort()) {
  console.log(`  ${fam.padEnd(22)} fold ${folds.get(fam)}  ${s.macro_f1.toFixed(3)}`);
}

// Families written after a concept lexicon was frozen. The first group was read while the v2
// lexicon was extended, so only the second is still untouched: the least tuned-for voices.
const freshPreds = preds.filter((p) => FRESH_FAMILY_IDS.includes(p.row.family));
const fresh = scorePath(freshPreds, "model").message;
console.log(
  `\nfamilies written after the v1 lexicon (${FRESH_FAMILY_IDS.join(", ")}), ${freshPreds.length} rows:`,
);
console.log(table("rules+model", fresh));
const afterPreds = preds.filter((p) => AFTER_V2_LEXICON_IDS.includes(p.row.family));
const after = scorePath(afterPreds, "model").message;
console.log(
  `\nfamilies written after the v2 lexicon (${AFTER_V2_LEXICON_IDS.join(", ")}), ${afterPreds.length} rows:`,
);
console.log(table("rules+model", after));
// Whole messages written before any third-pass change to the lexicon, features or training
// families, and never read for errors while those were made (families/untouched-third.ts).
const untouchedPreds = preds.filter((p) => UNTOUCHED_V3_IDS.includes(p.row.family));
const untouched = scorePath(untouchedPreds, "model").message;
console.log(
  `\nmessages written before the third pass (${UNTOUCHED_V3_IDS.join(", ")}), ${untouchedPreds.length} rows:`,
);
console.log(table("rules+model", untouched));
/** Print a group of rows' scores under a title; its JSON figure (rows and compact scores). */
const report = (title: string, own: typeof preds) => {
  const m = scorePath(own, "model").message;
  console.log(`\n${title}, ${own.length} rows:`);
  console.log(table("rules+model", m));
  return { rows: own.length, ...compact(m) };
};
// The fourth pass's hand-written voices (families/fourth-pass.ts), and the earlier families
// alone: adding families moves the fold placement, so the earlier rows are scored apart too.
const fourthJson = report(
  `fourth-pass voices (${FOURTH_PASS_IDS.join(", ")})`,
  preds.filter((p) => FOURTH_PASS_IDS.includes(p.row.family)),
);
// The passes from the sixth on (families/later-passes.ts): each is reported on its own, and
// the families before it apart (adding families moves the fold placement).
// Rows of the passes after the fifth, which the "before" figures leave out.
const LATER = familiesFromPass("sixth");
// Every pass from the fourth on is left out, so the figure is the 47 families written before it.
const FROM_FOURTH = [...FOURTH_PASS_IDS, ...FIFTH_PASS_IDS, ...LATER];
const beforeFourthJson = report(
  "families before the fourth pass",
  preds.filter((p) => !FROM_FOURTH.includes(p.row.family)),
);
// The fifth pass's voices one by one and together, and the 65 families before them.
for (const id of FIFTH_PASS_IDS) {
  const own = scorePath(
    preds.filter((p) => p.row.family === id),
    "model",
  ).message;
  console.log(`\nfifth-pass ${id}:`);
  console.log(table("rules+model", own));
}
report(
  "families before the fifth pass",
  preds.filter((p) => !FIFTH_PASS_IDS.includes(p.row.family) && !LATER.includes(p.row.family)),
);
// The voices of each pass from the sixth on, each pass together, and the families before each
// (69 before the sixth, 101 before the eighth, 117 before the ninth, 123 before the tenth, …).
const passReport = (name: string, ids: readonly string[]) =>
  report(
    `${name}-pass voices (${ids.length} families)`,
    preds.filter((p) => ids.includes(p.row.family)),
  );
const passJson = new Map(LATER_PASSES.map(([name, ids]) => [name, passReport(name, ids)]));
// No "before the seventh" figure: the sixth and seventh passes were written together.
const beforeJson = new Map(
  LATER_PASSES.filter(([name]) => name !== "seventh").map(([name]) => {
    const later = familiesFromPass(name);
    return [
      name,
      report(
        `families before the ${name} pass`,
        preds.filter((p) => !later.includes(p.row.family)),
      ),
    ];
  }),
);

// Each pass's own figure, then the families before it (the sixth's after the seventh, written with it).
const passFigures = Object.fromEntries(
  LATER_PASSES.flatMap(([name]) => {
    const own: [string, unknown] = [`${name}_pass`, passJson.get(name)];
    if (name === "sixth") return [own];
    const closes = name === "seventh" ? "sixth" : name;
    return [own, [`before_${closes}_pass`, beforeJson.get(closes)]];
  }),
);

const legacy = [...loadSplit("dev"), ...loadSplit("test")];
const legacyRules = scoreSplit(
  legacy.map((r) => ({ predicted: extractCues(r.text, "rules").spans, gold: r.spans })),
);
console.log(
  `\nlegacy fixtures (span level, rules, same hand as the rules): macro F1 ${legacyRules.macro_f1.toFixed(3)}`,
);

console.log(
  `\nµs per message (median of ${TIMED_PASSES} passes over the corpus): rules ${usRules.toFixed(2)}, model ${usModel.toFixed(2)}`,
);

const met = barsMet(model.message) && usRules <= US_BAR && usModel <= US_BAR;
console.log(
  JSON.stringify({
    split: PROTOCOL.name,
    rows: rows.length,
    macro_f1: r4(model.message.macro_f1),
    per_signal: compact(model.message).per_signal,
    rules: compact(rules.message),
    span_macro_f1: { rules: r4(rules.span.macro_f1), model: r4(model.span.macro_f1) },
    fresh_families: { rows: freshPreds.length, ...compact(fresh) },
    after_v2_lexicon: { rows: afterPreds.length, ...compact(after) },
    untouched_v3: { rows: untouchedPreds.length, ...compact(untouched) },
    fourth_pass: fourthJson,
    before_fourth_pass: beforeFourthJson,
    ...passFigures,
    per_language: Object.fromEntries([...perLang].sort().map(([l, s]) => [l, r4(s.macro_f1)])),
    ...freshJson,
    legacy_fixture_macro_f1_rules: r4(legacyRules.macro_f1),
    us_per_message: { rules: r4(usRules), model: r4(usModel) },
    bars: { macro_f1: 0.85, recall: 0.7, precision: 0.8, us_per_message: US_BAR, met },
    provenance,
  }),
);
