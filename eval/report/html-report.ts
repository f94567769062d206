import { formatPrice } from "../../env/money";
import { episodeIdFor } from "../../env/run";
import { unitEpisodeId } from "../harness/play-unit";
import type { UnitResult } from "../harness/unit-result";
import type { EvalSummary } from "../metrics/eval-summary";
import { isUnreliable, ladderUnreliable, reliabilityNotes } from "../metrics/reliability";
import { pickSample } from "./sample-episode";
import {
  barChartWithCi,
  escapeHtml,
  type PricePath,
  paretoChart,
  priceChart,
  priceLegend,
  priceScale,
} from "./svg-charts";

/**
 * One self-contained HTML page for an eval run: inline CSS and SVG only, so it opens from
 * disk or an artifact store with no network. Tables first, then charts. Wide tables scroll in
 * their own box; charts sit in a regular grid and scale down with it.
 */
export const REPORT_CSS = `body{font:14px/1.45 system-ui,sans-serif;margin:24px auto;padding:0 12px;color:#111;max-width:1256px}
.scroll{overflow-x:auto;max-width:100%;margin:8px 0 24px}table{border-collapse:collapse;font-size:12px}
th,td{border:1px solid #ddd;padding:3px 5px;text-align:right;white-space:nowrap}
th:first-child,td:first-child,th:nth-child(2),td:nth-child(2){text-align:left}th{background:#f3f4f6}
tr.warn td{background:#fef3c7}.notes{background:#fffbeb;border-left:4px solid #d97706;padding:8px 12px;margin:-12px 0 24px}
.notes p{margin:4px 0}.ax{font-size:11px;fill:#374151}.grid{stroke:#e5e7eb}.axis{stroke:#6b7280}.wh{stroke:#111;stroke-width:1.5}
.charts{display:grid;grid-template-columns:repeat(auto-fill,minmax(320px,1fr));gap:16px;align-items:start}
figure{margin:0}figcaption{font-weight:600;font-size:13px;margin-bottom:4px}figure svg{max-width:100%;height:auto;display:block}
.task{margin:0 0 28px}.task h3{margin:0 0 2px}.why{color:#4b5563;margin:0 0 8px}
.legend{display:flex;flex-wrap:wrap;gap:4px 14px;font-size:12px;color:#374151;margin:0 0 8px}.key{display:inline-flex;gap:5px;align-items:center}
code{background:#f3f4f6;padding:1px 4px}`;

const f3 = (x: number): string => x.toFixed(3);
const pct = (x: number): string => `${(x * 100).toFixed(1)}%`;
const p0 = (x: number): string => (x * 100).toFixed(0);
const cell = (s: string): string => `<td>${escapeHtml(s)}</td>`;
const rupee = (x: number): string => `₹${formatPrice(x)}`;
const table = (inner: string): string => `<div class="scroll"><table>${inner}</table></div>`;

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
    "rounds | deal",
    "walk",
    "buyer share",
    "win/loss/tie",
    "parse err",
    "tokens/ep",
    "ms/ep",
  ];
  const rows = s.rows.map((r) => {
    const warn = isUnreliable(r);
    return `<tr${warn ? ' class="warn"' : ""}>${[
      warn ? `! ${r.buyer}` : r.buyer,
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
      `${p0(r.advantage.win_rate)}/${p0(r.advantage.loss_rate)}/${p0(r.advantage.tie_rate)}%`,
      pct(r.parse_error_rate),
      r.tokens_per_episode === null ? "–" : r.tokens_per_episode.toFixed(0),
      r.latency_ms_per_episode === null ? "–" : r.latency_ms_per_episode.toFixed(0),
    ]
      .map(cell)
      .join("")}</tr>`;
  });
  const notes = reliabilityNotes(s);
  const warning =
    notes.length === 0
      ? ""
      : `<div class="notes">${notes.map((n) => `<p>! ${escapeHtml(n)}</p>`).join("")}</div>`;
  return table(`<tr>${head.map((h) => `<th>${h}</th>`).join("")}</tr>${rows.join("")}`) + warning;
}

function ladderTable(s: EvalSummary): string {
  if (s.ladder.length === 0) return "<p>One buyer only: no ladder.</p>";
  const rows = s.ladder.map((l) => {
    const warn = ladderUnreliable(s, l);
    return `<tr${warn ? ' class="warn"' : ""}>${[
      warn ? `! ${l.buyer}` : l.buyer,
      l.task,
      String(l.pairs),
      `${l.mean_diff >= 0 ? "+" : ""}${f3(l.mean_diff)}`,
      `[${f3(l.diff_ci95[0])}, ${f3(l.diff_ci95[1])}]`,
      `${l.surplus_diff >= 0 ? "+" : ""}${f3(l.surplus_diff)}`,
    ]
      .map(cell)
      .join("")}</tr>`;
  });
  return `<p>Mean per-seed task score difference against <code>${escapeHtml(s.ladder[0]?.baseline ?? "")}</code> on the same seeds, paired bootstrap 95% CI, with the surplus difference beside it. Rows marked ! lean on a buyer the fallback mostly played.</p>${table(`<tr><th>buyer</th><th>task</th><th>pairs</th><th>score diff</th><th>95% CI</th><th>surplus diff</th></tr>${rows.join("")}`)}`;
}

function outcomeWords(u: UnitResult, episode: number): string {
  const r = u.records.find((x) => x.episode === episode);
  if (r === undefined) return "not finished";
  const rounds = `${r.rounds_taken} ${r.rounds_taken === 1 ? "round" : "rounds"}`;
  if (r.outcome === "deal" && r.agreed_price !== null) return `deal at ${rupee(r.agreed_price)} in ${rounds}`;
  return r.outcome === "walk" ? `walked away after ${rounds}` : `no deal in ${rounds}`;
}

function pricePath(u: UnitResult, episode: number): PricePath {
  const steps = u.steps.filter((st) => st.episode === episode);
  const record = u.records.find((r) => r.episode === episode);
  const last = steps[steps.length - 1];
  return {
    offers: steps
      .filter((st) => st.buyer_action === "offer" && st.buyer_price !== null)
      .map((st) => [st.round, st.buyer_price as number]),
    asks: [
      ...(steps[0] === undefined ? [] : [[0, steps[0].ask_before] as [number, number]]),
      ...steps
        .filter((st) => st.seller_price !== null && st.buyer_action === "offer")
        .map((st): [number, number] => [st.round, st.seller_price as number]),
    ],
    deal:
      record?.outcome === "deal" && record.agreed_price !== null && last !== undefined
        ? { round: last.round, price: record.agreed_price }
        : null,
    budget: record?.buyer_budget ?? null,
    cost: record?.seller_cost ?? null,
  };
}

/** Small multiples: per task, one chart per buyer on the same sample episode and the same axes. */
/** The replay page of one unit's episode on a server reading this run's eval store. */
export function replayHref(base: string, u: UnitResult, episode: number): string {
  const id = episodeIdFor(unitEpisodeId(u.run_id, u.buyer_id, u.task_id, u.seed), episode);
  return `${base.replace(/\/+$/, "")}/web/replay?run=${encodeURIComponent(u.run_id)}&episode=${encodeURIComponent(id)}`;
}

function trajectories(s: EvalSummary, units: readonly UnitResult[], opts: ReportOptions): string {
  const sampleSeed = opts.sampleSeed;
  const sections: string[] = [];
  for (const task of s.plan.tasks) {
    const sample = pickSample(task, s.plan.buyers, units, sampleSeed);
    if (sample === null) continue;
    const runs = s.plan.buyers
      .map((b) => units.find((u) => u.buyer_id === b && u.task_id === task && u.seed === sample.seed))
      .filter((u): u is UnitResult => u !== undefined);
    const paths = runs.map((u) => pricePath(u, sample.episode));
    const maxRound = Math.max(
      1,
      ...runs.flatMap((u) => u.steps.filter((st) => st.episode === sample.episode).map((st) => st.round)),
    );
    const scale = priceScale(paths, maxRound);
    const charts = runs.map((u, i) => {
      const caption = `${u.buyer_id}: ${outcomeWords(u, sample.episode)}`;
      const href = replayHref(opts.replayBase ?? DEFAULT_REPLAY_BASE, u, sample.episode);
      const link = `<p class="replay"><a href="${escapeHtml(href)}">Replay this episode</a></p>`;
      return `<figure><figcaption>${escapeHtml(caption)}</figcaption>${priceChart(`${task}, ${caption}`, paths[i] as PricePath, scale)}${link}</figure>`;
    });
    sections.push(
      `<section class="task"><h3>${escapeHtml(task)}</h3><p class="why">Sample: ${escapeHtml(sample.why)}. Every buyer faced the same item and seller; the axes are shared.</p><div class="charts">${charts.join("")}</div></section>`,
    );
  }
  return sections.length === 0
    ? "<p>No finished runs to draw.</p>"
    : `<div class="legend">${priceLegend()}</div>${sections.join("")}`;
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
  return `<figure><figcaption>Cost vs surplus (model buyers); dashed: the Pareto front</figcaption>${paretoChart("Cost vs surplus (model buyers)", pts)}</figure>`;
}

export interface ReportOptions {
  /** Draw this seed's episodes instead of the median one (bazaar report --sample-seed). */
  sampleSeed?: number;
  /**
   * The server whose replay page the sample links open (bazaar report --server). It must read
   * this run's eval store (`bazaar serve --eval-db`, the same default file as `bazaar eval --db`).
   */
  replayBase?: string;
}

export const DEFAULT_REPLAY_BASE = "http://localhost:8000";

export function renderHtmlReport(
  runId: string,
  s: EvalSummary,
  units: readonly UnitResult[],
  opts: ReportOptions = {},
): string {
  const bars = s.plan.tasks
    .map((task) => {
      const title = `${task}: mean normalized surplus (95% CI)`;
      const chart = barChartWithCi(
        title,
        s.rows
          .filter((r) => r.task === task)
          .map((r) => ({
            label: r.buyer,
            value: r.mean_normalized_surplus,
            ci: r.surplus_ci95,
            warn: isUnreliable(r),
          })),
      );
      return `<figure><figcaption>${escapeHtml(title)}</figcaption>${chart}</figure>`;
    })
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
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Eval ${escapeHtml(runId)}</title><style>${REPORT_CSS}</style></head>
<body>
<h1>Eval run <code>${escapeHtml(runId)}</code></h1>
<ul>${facts.map((f) => `<li>${escapeHtml(f)}</li>`).join("")}</ul>
<h2>Results per buyer and task</h2>
${summaryTable(s)}
<h2>Scaling ladder</h2>
${ladderTable(s)}
<h2>Surplus by task</h2>
<div class="charts">${bars}</div>
<h2>Price trajectories (one sample episode per task)</h2>
<p class="why">Each sample links to its replay on ${escapeHtml(opts.replayBase ?? DEFAULT_REPLAY_BASE)} (a server started with this run's eval store: <code>bazaar serve --eval-db &lt;file&gt;</code>).</p>
${trajectories(s, units, opts)}
<h2>Cost vs surplus</h2>
<div class="charts">${pareto(s)}</div>
</body></html>
`;
}
