import { VERBAL_SIGNALS } from "../../env/tells/cue-rules";
import { extractCues, TELLS_MODEL_REF } from "../../env/tells/extract-cues";
import {
  type FreshScore,
  type FreshSet,
  freshSetNames,
  loadFreshSet,
  poolFreshSets,
  scoreFreshSet,
} from "./fresh-set";
import { compact, r4, table } from "./report-format";

/** The key the pooled figure gets in the last-line JSON, beside one key per set. */
export const POOLED_KEY = "untouched_pooled";

/**
 * Every untouched set on disk, each by its own name, then (with two or more) all of them pooled:
 * one set of 240 has a noise of about +-0.03 macro F1, so the pooled row is the steadier figure.
 */
export function freshReports(): { name: string; lines: string[]; json: Record<string, unknown> }[] {
  const sets = freshSetNames().map((name) => loadFreshSet(name));
  const all = sets.length > 1 ? [...sets, poolFreshSets(POOLED_KEY, sets)] : sets;
  return all.map((set) => {
    const r = freshReport(set, set.name === POOLED_KEY ? sets.map((s) => s.name) : undefined);
    return { name: set.name, ...r };
  });
}

/**
 * A fresh set read by the SHIPPED model (rules + model trained on the whole corpus). The set is
 * in no corpus and no training run, so this is the one figure here nobody has tuned for.
 */
export function freshReport(
  set: FreshSet,
  pooled?: readonly string[],
): { lines: string[]; json: Record<string, unknown> } {
  const name = set.name;
  const s: FreshScore = scoreFreshSet(set.rows, (text) => extractCues(text, "model"));
  const rules = scoreFreshSet(set.rows, (text) => extractCues(text, "rules"));
  const none = set.rows.filter((r) => r.signals.length === 0).length;
  const lines = [
    `\nfresh set ${name}${pooled ? ` = ${pooled.join(" + ")}` : ""} (${set.sha256}), ${s.rows} whole messages, ${none} with no signal; eval-only, read by the shipped ${TELLS_MODEL_REF.version}, message level:`,
    table("rules+model", s.overall),
    `rules alone: macro F1 ${rules.overall.macro_f1.toFixed(3)}`,
    `per language (message-level macro F1; per-signal F1)`,
    ...[...s.per_language].map(([lang, { rows, score }]) => {
      const sig = VERBAL_SIGNALS.map((x) => `${x.slice(0, 4)} ${score.per_signal[x].f1.toFixed(2)}`).join(
        "  ",
      );
      return `  ${lang.padEnd(8)} ${String(rows).padStart(3)} rows  ${score.macro_f1.toFixed(3)}   ${sig}`;
    }),
    `condition grade: the same grade on ${s.condition_grade.agree} of ${s.condition_grade.both} messages where both name one`,
  ];
  const json = {
    ...(pooled
      ? { files: pooled.map((n) => `eval/tells/fresh/${n}.jsonl`) }
      : { file: `eval/tells/fresh/${name}.jsonl` }),
    sha256: set.sha256,
    model: TELLS_MODEL_REF,
    rows: s.rows,
    no_signal: none,
    ...compact(s.overall),
    per_language: Object.fromEntries(
      [...s.per_language].map(([lang, { rows, score }]) => [lang, { rows, ...compact(score) }]),
    ),
    rules: compact(rules.overall),
    condition_grade: {
      ...s.condition_grade,
      share: r4(s.condition_grade.agree / Math.max(1, s.condition_grade.both)),
    },
  };
  return { lines, json };
}
