import type { CorpusRow } from "./corpus-row";
import { worstGrade } from "./generate";
import { parseMarkup } from "./markup";

/**
 * A correction to one row's labels, made after its family was written. The family's file
 * keeps the row as its writer labelled it; the fix rides on top, tagged with the label revision
 * it belongs to, so a model released on earlier labels is still retrained from exactly the
 * rows it read (`loadCorpus({ labels })`).
 */
export interface LabelFix {
  /** The label revision this fix is part of (1, 2, …; revision 0 is the rows as written). */
  revision: number;
  id: string;
  /** The whole row in the families' markup with the corrected labels; its text must be the row's. */
  markup: string;
  why: string;
}

const BATTERY_RULE =
  "a battery-health percentage is the item's state (condition: 90 %+ very_good, 80–89 % good, " +
  "under 80 % acceptable); written before the brief said so, this family left it unlabelled";

/** Every label fix, oldest revision first. */
export const LABEL_FIXES: readonly LabelFix[] = [
  {
    revision: 1,
    id: "pune_marathi_hinglish-0024",
    markup: "[[c=good:Battery health 89% dakhavto]], screenshot pathavla bagh.",
    why: BATTERY_RULE,
  },
  {
    revision: 1,
    id: "llm_bulleted_seller_en-0023",
    markup: "- [[c=good:Battery health: 89%]]\n- Cycle count: 412",
    why: BATTERY_RULE,
  },
  {
    revision: 1,
    id: "llm_mixed_script_seller-0023",
    markup: "[[c=very_good:Battery health 91% है]], cycle count 280 के आसपास।",
    why: BATTERY_RULE,
  },
  {
    revision: 1,
    id: "sylhet_bangla_en-0033",
    markup: "iPhone 11, 128 GB, [[c=good:battery health 89%]]",
    why: BATTERY_RULE,
  },
  {
    revision: 1,
    id: "davao_bisaya_en-0020",
    markup: "[[c=good:Battery health 87%]], 128GB, factory unlocked, iCloud free",
    why: BATTERY_RULE,
  },
];

/** The newest label revision: what `loadCorpus()` reads unless asked for an older one. */
export const LATEST_LABELS = LABEL_FIXES.reduce((m, f) => Math.max(m, f.revision), 0);

/**
 * The rows with every fix up to `revision` applied. A fix naming a row that is not there, or
 * whose markup spells another text, throws: a fix must never land on the wrong row.
 */
export function withLabelFixes(
  rows: readonly CorpusRow[],
  revision: number,
  fixes: readonly LabelFix[] = LABEL_FIXES,
): CorpusRow[] {
  const latest = fixes.reduce((m, f) => Math.max(m, f.revision), 0);
  if (!Number.isInteger(revision) || revision < 0 || revision > latest)
    throw new Error(`label revision must be an integer from 0 to ${latest}, got ${revision}`);
  const byId = new Map<string, CorpusRow>();
  for (const f of fixes) {
    if (f.revision > revision) continue;
    const row = rows.find((r) => r.id === f.id);
    if (row === undefined) throw new Error(`label fix for ${f.id}: no such row`);
    const { text, spans } = parseMarkup(f.markup);
    if (text !== row.text) throw new Error(`label fix for ${f.id}: its markup's text is not the row's`);
    byId.set(f.id, { ...row, spans, condition_label: worstGrade(spans) });
  }
  return byId.size === 0 ? [...rows] : rows.map((r) => byId.get(r.id) ?? r);
}
