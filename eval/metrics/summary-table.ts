import type { EvalSummary } from "./eval-summary";
import { isUnreliable, ladderUnreliable, reliabilityNotes } from "./reliability";

/** The plain-text table the eval prints: one row per buyer × task, then the scaling ladder. */
function grid(head: string[], rows: string[][]): string {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const line = (cells: string[]): string =>
    cells.map((c, i) => (i < 2 ? c.padEnd(widths[i] as number) : c.padStart(widths[i] as number))).join("  ");
  return [line(head), widths.map((w) => "-".repeat(w)).join("  "), ...rows.map(line)].join("\n");
}

const f3 = (x: number): string => x.toFixed(3);
const pct = (x: number): string => `${(x * 100).toFixed(0)}%`;
const ci = (c: [number, number]): string => `[${f3(c[0])}, ${f3(c[1])}]`;

export function formatSummaryTable(s: EvalSummary): string {
  // The fraction of the oracle shows only when the run measured the oracle (bazaar eval --oracle).
  const oracle = s.rows.some((r) => r.fraction_of_oracle !== undefined);
  const head = [
    "buyer",
    "task",
    "runs",
    "surplus",
    "95% CI",
    "score",
    ...(oracle ? ["of oracle"] : []),
    "deal",
    "rounds",
    "r|deal",
    "walk",
    "win/loss/tie",
    "parse err",
    "tok/ep",
    "ms/ep",
  ];
  // "!" marks rows where the fallback, not the buyer, made most moves (notes under the table).
  const rows = s.rows.map((r) => [
    isUnreliable(r) ? `! ${r.buyer}` : r.buyer,
    r.task,
    String(r.runs),
    f3(r.mean_normalized_surplus),
    ci(r.surplus_ci95),
    f3(r.mean_task_score),
    ...(oracle ? [r.fraction_of_oracle === undefined ? "-" : pct(r.fraction_of_oracle)] : []),
    pct(r.deal_rate),
    r.mean_rounds.toFixed(2),
    r.mean_rounds_on_deal === null ? "n/a" : r.mean_rounds_on_deal.toFixed(2),
    pct(r.walk_rate),
    `${pct(r.advantage.win_rate)}/${pct(r.advantage.loss_rate)}/${pct(r.advantage.tie_rate)}`,
    pct(r.parse_error_rate),
    r.tokens_per_episode === null ? "-" : r.tokens_per_episode.toFixed(0),
    r.latency_ms_per_episode === null ? "-" : r.latency_ms_per_episode.toFixed(0),
  ]);
  const parts = [grid(head, rows)];
  if (s.oracle !== undefined && s.oracle.length > 0)
    parts.push(
      `\n"of oracle": score ÷ the oracle buyer's on the same seeds and seller (${s.oracle
        .map((o) => `${o.task} ${f3(o.mean_task_score)}`)
        .join(", ")})`,
    );
  const notes = reliabilityNotes(s);
  if (notes.length > 0) parts.push(`\n${notes.map((n) => `! ${n}`).join("\n")}`);
  if (s.ladder.length > 0) {
    const baseline = s.ladder[0]?.baseline ?? "";
    parts.push(
      `\nScaling ladder: task score difference vs ${baseline} on the same seeds (paired bootstrap 95% CI), surplus difference beside it`,
      grid(
        ["buyer", "task", "pairs", "score diff", "95% CI", "surplus diff"],
        s.ladder.map((l) => [
          ladderUnreliable(s, l) ? `! ${l.buyer}` : l.buyer,
          l.task,
          String(l.pairs),
          `${l.mean_diff >= 0 ? "+" : ""}${f3(l.mean_diff)}`,
          ci(l.diff_ci95),
          `${l.surplus_diff >= 0 ? "+" : ""}${f3(l.surplus_diff)}`,
        ]),
      ),
    );
  }
  return parts.join("\n");
}
