import { VERBAL_SIGNALS } from "../../env/tells/cue-rules";
import type { SplitScore } from "./score";

/** Printed per-signal P/R/F1 table of one score, as `npm run eval:tells` shows them. */
export function table(name: string, s: SplitScore): string {
  const head = `${name.padEnd(14)} ${"signal".padEnd(11)} ${"P".padStart(6)} ${"R".padStart(6)} ${"F1".padStart(6)}  tp/fp/fn`;
  const rows = VERBAL_SIGNALS.map((sig) => {
    const x = s.per_signal[sig];
    return `${"".padEnd(14)} ${sig.padEnd(11)} ${x.precision.toFixed(3).padStart(6)} ${x.recall.toFixed(3).padStart(6)} ${x.f1.toFixed(3).padStart(6)}  ${x.tp}/${x.fp}/${x.fn}`;
  });
  return [
    head,
    ...rows,
    `${"".padEnd(14)} ${"macro F1".padEnd(11)} ${"".padStart(13)} ${s.macro_f1.toFixed(3).padStart(6)}`,
  ].join("\n");
}

export const r4 = (x: number): number => Math.round(x * 10000) / 10000;

/** A score for the last-line JSON: four decimals, no raw counts. */
export const compact = (s: SplitScore) => ({
  macro_f1: r4(s.macro_f1),
  per_signal: Object.fromEntries(
    VERBAL_SIGNALS.map((sig) => {
      const x = s.per_signal[sig];
      return [sig, { precision: r4(x.precision), recall: r4(x.recall), f1: r4(x.f1) }];
    }),
  ),
});
