import { performance } from "node:perf_hooks";
import { VERBAL_SIGNALS } from "../../env/tells/cue-rules";
import { readCues } from "../../env/tells/verbal";
import { type LabelledUtterance, loadSplit } from "./fixtures";
import { type SplitScore, scoreSplit } from "./score";

const TIMED_PASSES = 7;

function evaluate(rows: readonly LabelledUtterance[]): SplitScore {
  return scoreSplit(rows.map((r) => ({ predicted: readCues(r.text).spans, gold: r.spans })));
}

function table(name: string, s: SplitScore): string {
  const head = `${name.padEnd(6)} ${"signal".padEnd(11)} ${"P".padStart(6)} ${"R".padStart(6)} ${"F1".padStart(6)}  tp/fp/fn`;
  const rows = VERBAL_SIGNALS.map((sig) => {
    const x = s.per_signal[sig];
    return `${"".padEnd(6)} ${sig.padEnd(11)} ${x.precision.toFixed(3).padStart(6)} ${x.recall.toFixed(3).padStart(6)} ${x.f1.toFixed(3).padStart(6)}  ${x.tp}/${x.fp}/${x.fn}`;
  });
  return [
    head,
    ...rows,
    `${"".padEnd(6)} ${"macro F1".padEnd(11)} ${"".padStart(13)} ${s.macro_f1.toFixed(3).padStart(6)}`,
  ].join("\n");
}

function medianMicrosPerMessage(texts: readonly string[]): number {
  for (const t of texts) readCues(t); // warm-up: let the JIT settle before timing
  const perPass: number[] = [];
  for (let pass = 0; pass < TIMED_PASSES; pass++) {
    const t0 = performance.now();
    for (const t of texts) readCues(t);
    perPass.push(((performance.now() - t0) * 1000) / texts.length);
  }
  perPass.sort((a, b) => a - b);
  return perPass[Math.floor(perPass.length / 2)] ?? Number.NaN;
}

const dev = loadSplit("dev");
const test = loadSplit("test");
const devScore = evaluate(dev);
const testScore = evaluate(test);
console.log(`dev: ${dev.length} utterances, test: ${test.length} utterances`);
console.log(table("dev", devScore));
console.log(table("test", testScore));
const us = medianMicrosPerMessage([...dev, ...test].map((r) => r.text));
const round = (x: number): number => Math.round(x * 10000) / 10000;
const perSignal = Object.fromEntries(
  VERBAL_SIGNALS.map((s) => {
    const x = testScore.per_signal[s];
    return [s, { precision: round(x.precision), recall: round(x.recall), f1: round(x.f1) }];
  }),
);
console.log(
  JSON.stringify({
    macro_f1: round(testScore.macro_f1),
    macro_f1_dev: round(devScore.macro_f1),
    per_signal: perSignal,
    us_per_message: round(us),
  }),
);
