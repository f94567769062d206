import type { UnitResult } from "../harness/unit-result";
import type { EvalSummary } from "../metrics/eval-summary";
import { barChartWithCi, escapeHtml, lineChart, paretoChart, type Series } from "./svg-charts";

/**
 * One self-contained HTML page for an eval run: inline CSS and SVG only, so it opens from
 * disk or an artifact store with no network. Tables first, then charts.
 */
const CSS = `body{font:14px/1.45 system-ui,sans-serif;margin:24px;color:#111;max-width:1200px}
table{border-collapse:collapse;margin:8px 0 24px}th,td{border:1px solid #ddd;padding:4px 8px;text-align:right}
th:first-child,td:first-child,th:nth-child(2),td:nth-child(2){text-align:left}th{background:#f3f4f6}
.t{font-weight:600;font-size:13px}.ax{font-size:11px;fill:#374151}.grid{stroke:#e5e7eb}.wh{stroke:#111;stroke-width:1.5}
.charts{display:flex;flex-wrap:wrap;gap:16px}code{background:#f3f4f6;padding:1px 4px}`;

const f3 = (x: number): string => x.toFixed(3);
const pct = (x: number): string => `${(x * 100).toFixed(1)}%`;
const cell = (s: string): string => `<td>${escapeHtml(s)}</td>`;

function summaryTable(s: EvalSummary): string {
  const head = [
    "buyer",
    "task",
    "runs",
    "episodes",
    "surplus",
    "95% CI",
    "task score",
    "deal",
    "rounds",
    "rounds on deal",
    "walk",
    "buyer share",
    "win/loss/tie",
    "parse errors",
    "tokens/ep",
    "ms/ep",
  ];
  const rows = s.rows.map(
    (r) =>
      `<tr>${[
        r.buyer,
        r.task,
        String(r.runs),
        String(r.episodes),
        f3(r.mean_normalized_surplus),
        `[${f3(r.surplus_ci95[0])}, ${f3(r.surplus_ci95[1])}]`,
        f3(r.mean_task_score),
        pct(r.deal_rate),
        r.mean_rounds.toFixed(2),
        r.mean_rounds_on_deal === null ? "n/a" : r.mean_rounds_on_deal.toFixed(2),
        pct(r.walk_rate),
        f3(r.advantage.mean_buyer_share),
        `${pct(r.advantage.win_rate)} / ${pct(r.advantage.loss_rate)} / ${pct(r.advantage.tie_rate)}`,
        pct(r.parse_error_rate),
        r.tokens_per_episode === null ? "–" : r.tokens_per_episode.toFixed(0),
        r.latency_ms_per_episode === null ? "–" : r.latency_ms_per_episode.toFixed(0),
      ]
        .map(cell)
        .join("")}</tr>`,
  );
  return `<table><tr>${head.map((h) => `<th>${h}</th>`).join("")}</tr>${rows.join("")}</table>`;
}

function ladderTable(s: EvalSummary): string {
  if (s.ladder.length === 0) return "<p>One buyer only: no ladder.</p>";
  const rows = s.ladder.map(
    (l) =>
      `<tr>${[
        l.buyer,
        l.task,
        String(l.pairs),
        `${l.mean_diff >= 0 ? "+" : ""}${f3(l.mean_diff)}`,
        `[${f3(l.diff_ci95[0])}, ${f3(l.diff_ci95[1])}]`,
      ]
        .map(cell)
        .join("")}</tr>`,
  );
  return `<p>Mean per-seed surplus difference against <code>${escapeHtml(s.ladder[0]?.baseline ?? "")}</code> on the same seeds, paired bootstrap 95% CI.</p><table><tr><th>buyer</th><th>task</th><th>pairs</th><th>diff</th><th>95% CI</th></tr>${rows.join("")}</table>`;
}

function trajectories(s: EvalSummary, units: readonly UnitResult[]): string {
  const charts: string[] = [];
  for (const task of s.plan.tasks) {
    const series: Series[] = [];
    const seed = s.plan.seeds[0];
    s.plan.buyers.forEach((buyer, i) => {
      const u = units.find((x) => x.buyer_id === buyer && x.task_id === task && x.seed === seed);
      if (u === undefined) return;
      const first = u.steps.filter((st) => st.episode === 1);
      const color = ["#2563eb", "#dc2626", "#16a34a", "#9333ea", "#ea580c", "#0891b2"][i % 6] as string;
      series.push({
        label: `${buyer} offers`,
        color,
        points: first
          .filter((st) => st.buyer_price !== null)
          .map((st) => [st.round, st.buyer_price as number]),
      });
      series.push({
        label: `${buyer}: seller asks`,
        color,
        dashed: true,
        points: [
          [0, first[0]?.ask_before ?? 0],
          ...first
            .filter((st) => st.seller_price !== null)
            .map((st): [number, number] => [st.round, st.seller_price as number]),
        ],
      });
    });
    if (series.length > 0)
      charts.push(lineChart(`${task}, seed ${seed}, episode 1`, series, "round", "price"));
  }
  return charts.join("");
}

function pareto(s: EvalSummary): string {
  const pts = s.plan.buyers
    .map((b) => {
      const rows = s.rows.filter((r) => r.buyer === b);
      const costs = rows.map((r) => r.tokens_per_episode).filter((x): x is number => x !== null);
      if (costs.length === 0) return null;
      const value = rows.reduce((k, r) => k + r.mean_normalized_surplus, 0) / Math.max(1, rows.length);
      return { label: b, cost: costs.reduce((a, c) => a + c, 0) / costs.length, value };
    })
    .filter((p): p is { label: string; cost: number; value: number } => p !== null);
  if (pts.length === 0) return "<p>No token costs recorded (code buyers only): no cost-vs-surplus chart.</p>";
  return paretoChart("Cost vs surplus (model buyers)", pts);
}

export function renderHtmlReport(runId: string, s: EvalSummary, units: readonly UnitResult[]): string {
  const bars = s.plan.tasks
    .map((task) =>
      barChartWithCi(
        `${task}: mean normalized surplus (95% CI)`,
        s.rows
          .filter((r) => r.task === task)
          .map((r) => ({ label: r.buyer, value: r.mean_normalized_surplus, ci: r.surplus_ci95 })),
      ),
    )
    .join("");
  const v = s.versions;
  const facts = [
    `seeds: ${s.plan.seeds.length} (${s.plan.seeds[0]}…${s.plan.seeds[s.plan.seeds.length - 1]})`,
    `tells: ${s.plan.tells ? "on" : "off"}`,
    `seller: ${s.plan.seller ?? "each task's pinned seller"}`,
    `engine: ${v.engine.join(", ")}`,
    `commit: ${v.git_commit.join(", ")}`,
    `sellers: ${Object.entries(v.sellers)
      .map(([t, k]) => `${t} → ${k}`)
      .join("; ")}`,
    `buyers: ${Object.entries(v.buyers)
      .map(([b, h]) => `${b}${h ? ` (${h})` : ""}`)
      .join("; ")}`,
  ];
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Eval ${escapeHtml(runId)}</title><style>${CSS}</style></head>
<body>
<h1>Eval run <code>${escapeHtml(runId)}</code></h1>
<ul>${facts.map((f) => `<li>${escapeHtml(f)}</li>`).join("")}</ul>
<h2>Results per buyer and task</h2>
${summaryTable(s)}
<h2>Scaling ladder</h2>
${ladderTable(s)}
<h2>Surplus by task</h2>
<div class="charts">${bars}</div>
<h2>Price trajectories (sample episodes)</h2>
<div class="charts">${trajectories(s, units)}</div>
<h2>Cost vs surplus</h2>
<div class="charts">${pareto(s)}</div>
</body></html>
`;
}
