import { mean } from "../../env/bootstrap";
import { round4 } from "../../env/money";
import type { UnitResult } from "../harness/unit-result";
import type { EvalSummary } from "./eval-summary";

/** The oracle's score on one task of a run: the ceiling each row of that task is divided by. */
export interface OracleReference {
  task: string;
  /** "id@version#hash": the seller the oracle modelled and played, the same as the rows'. */
  seller: string;
  runs: number;
  mean_task_score: number;
}

/**
 * The summary with the fraction of the oracle beside each row's score (#11): a row's mean task
 * score ÷ the oracle buyer's mean score on the same task, seller and seeds. Only where that
 * oracle is known: a task whose oracle units cover exactly the row's seeds against the same
 * seller release gets `fraction_of_oracle` (and an `oracle` entry); every other row is left as
 * it was. Optional fields, so a summary without an oracle keeps its bytes and its schema (/2).
 */
export function withOracle(s: EvalSummary, oracle: readonly UnitResult[]): EvalSummary {
  const refs: OracleReference[] = [];
  for (const task of s.plan.tasks) {
    const units = oracle.filter((u) => u.task_id === task);
    const seller = s.versions.sellers[task];
    const seeds = new Set(units.map((u) => u.seed));
    const sameSeeds = seeds.size === s.plan.seeds.length && s.plan.seeds.every((x) => seeds.has(x));
    const sameSeller = units.every((u) => `${u.seller_key}#${u.seller.hash}` === seller);
    if (units.length === 0 || seller === undefined || !sameSeeds || !sameSeller) continue;
    refs.push({ task, seller, runs: units.length, mean_task_score: round4(mean(units.map((u) => u.score))) });
  }
  if (refs.length === 0) return s;
  const byTask = new Map(refs.map((r) => [r.task, r.mean_task_score]));
  const rows = s.rows.map((r) => {
    const ceiling = byTask.get(r.task);
    return ceiling === undefined || ceiling <= 0
      ? r
      : { ...r, fraction_of_oracle: round4(r.mean_task_score / ceiling) };
  });
  return { ...s, rows, oracle: refs };
}
