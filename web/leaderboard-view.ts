import type { LeaderboardResponse, LeaderboardRow } from "./api";
import { escapeHtml } from "./html";

const f3 = (x: number): string => x.toFixed(3);

/** The score axis every bar of one table shares: [0, 1] widened to whatever the rows reach. */
export function scoreScale(rows: readonly LeaderboardRow[]): [number, number] {
  return ciScale(rows.map((r) => r.task_score_ci95));
}

/** The shared axis of any CIs (the seller board's too): [0, 1] widened to what they reach. */
export function ciScale(cis: ReadonlyArray<readonly [number, number]>): [number, number] {
  return [Math.min(0, ...cis.map((c) => c[0])), Math.max(1, ...cis.map((c) => c[1]))];
}

/** A 95 % CI as a bar on the shared axis with the mean as a dot; the numbers stay in text. */
export function ciBar(row: LeaderboardRow, scale: [number, number]): string {
  return meanCiBar(row.mean_task_score, row.task_score_ci95, scale);
}

/** ciBar for any mean and CI (the seller board's rows name them differently). */
export function meanCiBar(
  mean: number,
  [a, b]: readonly [number, number],
  [lo, hi]: [number, number],
): string {
  const W = 120;
  const x = (v: number) => ((v - lo) / (hi - lo || 1)) * (W - 8) + 4;
  const label = `mean ${f3(mean)}, 95% CI ${f3(a)} to ${f3(b)}`;
  return (
    `<svg class="ci" viewBox="0 0 ${W} 14" width="${W}" height="14" role="img" aria-label="${escapeHtml(label)}">` +
    `<line class="ci-axis" x1="4" x2="${W - 4}" y1="7" y2="7"/>` +
    // Quarter ticks of the shared axis, so bars in one table can be read against each other.
    [0, 0.25, 0.5, 0.75, 1]
      .map(
        (q) =>
          `<line class="ci-tick" x1="${(4 + q * (W - 8)).toFixed(1)}" x2="${(4 + q * (W - 8)).toFixed(1)}" y1="2" y2="12"/>`,
      )
      .join("") +
    `<rect class="ci-bar" x="${x(a).toFixed(1)}" y="3" width="${Math.max(1.5, x(b) - x(a)).toFixed(1)}" height="8" rx="2"/>` +
    `<circle class="ci-mean" cx="${x(mean).toFixed(1)}" cy="7" r="3.2"/></svg>`
  );
}

const sellerNames = (r: LeaderboardRow): string =>
  [...new Set(Object.values(r.sellers).map((s) => s.split("#")[0] ?? s))].join(", ");

/** Per-task rows: watch the same buyer play the same seller live (the watch page fills its menus). */
function watchLink(r: LeaderboardRow): string {
  const seller = r.sellers[r.task];
  if (r.task === "all" || seller === undefined) return "";
  const q = new URLSearchParams({ buyer: r.buyer, seller: seller.split("#")[0] ?? seller, task: r.task });
  return `<a class="watch" href="/web/watch?${escapeHtml(q.toString())}">watch it play</a>`;
}

function rowHtml(r: LeaderboardRow, scale: [number, number], warn: number): string {
  const flagged = r.parse_error_rate > warn;
  const buyer =
    `<strong>${escapeHtml(r.buyer)}</strong>` +
    (r.buyer_prompt_hash === null
      ? ""
      : `<br><span class="hint">prompt ${escapeHtml(r.buyer_prompt_hash)}</span>`) +
    (flagged
      ? `<br><span class="warn">${Math.round(r.parse_error_rate * 100)}% unreadable replies: mostly the fallback move</span>`
      : "");
  const tasks = Object.entries(r.task_versions)
    .map(([t, v]) => `${t}@${v}`)
    .join(", ");
  // Overall rows draw their examples from several tasks: say which.
  const replays = r.examples
    .map((e) => {
      const label = escapeHtml(`seed ${e.seed}${r.task === "all" ? ` (${e.task.replace(/_/g, " ")})` : ""}`);
      return e.replay === null
        ? `<span class="hint" title="This build cannot rebuild it (an LLM seller, a listings file or another release).">${label}: no replay</span>`
        : `<a href="${escapeHtml(e.replay)}" title="${escapeHtml(`${e.why} score of the row (${f3(e.score)})`)}">${label}</a>`;
    })
    .join("");
  const provenance =
    `${escapeHtml(tasks)} · engine ${escapeHtml(r.engine_version)} · commit ${escapeHtml(r.git_commit.slice(0, 10))}` +
    `${r.tells ? "" : " · tells off"}<br><a href="${escapeHtml(r.run)}">run ${escapeHtml(r.run_id)}</a>`;
  return (
    `<tr${flagged ? ' class="flagged"' : ""}><td class="num">${r.rank}</td><td>${buyer}</td>` +
    `<td class="num">${f3(r.mean_task_score)}</td>` +
    `<td>${ciBar(r, scale)}<span class="ci-text">${f3(r.task_score_ci95[0])} – ${f3(r.task_score_ci95[1])}</span></td>` +
    `<td class="num">${r.fraction_of_oracle === null ? '<span class="hint">not run</span>' : `${(r.fraction_of_oracle * 100).toFixed(1)}%`}</td>` +
    `<td class="num">${r.seeds}</td><td>${escapeHtml(sellerNames(r))}</td>` +
    `<td class="prov">${provenance}</td><td class="replays">${replays}${watchLink(r)}</td></tr>`
  );
}

/** One ranked table in a keyboard-scrollable box: on a phone it scrolls inside, never the page. */
export function renderTable(
  caption: string,
  rows: readonly LeaderboardRow[],
  warn: number,
  id: string,
): string {
  const scale = scoreScale(rows);
  // The title sits outside the scroll box so a phone never cuts it off.
  return (
    `<h2 class="board-title" id="${id}">${escapeHtml(caption)}</h2><p class="scroll-hint hint">Scroll the table sideways for provenance and replays.</p>` +
    `<div class="table-box" role="region" aria-labelledby="${id}" tabindex="0"><table class="board-table" aria-labelledby="${id}"><thead><tr><th scope="col">#</th><th scope="col">Buyer</th>` +
    `<th scope="col">Score</th><th scope="col">95% CI <span class="hint">(axis ${f3(scale[0])}–${f3(scale[1])})</span></th>` +
    `<th scope="col">Of oracle</th><th scope="col">Seeds</th><th scope="col">Seller</th><th scope="col">Provenance</th>` +
    `<th scope="col">Replays</th></tr></thead><tbody>${rows.map((r) => rowHtml(r, scale, warn)).join("")}</tbody></table></div>`
  );
}

/** The whole board: one table per task, then the overall table; or the empty state. */
export function renderLeaderboard(v: LeaderboardResponse): string {
  if (v.per_task.length === 0 && v.overall.length === 0) {
    if (v.runs_considered > 0)
      return '<p class="note" id="board-empty">No stored eval run matches these filters. Clear a filter to see more.</p>';
    return (
      '<div class="card empty" id="board-empty"><h2>No results yet</h2>' +
      "<p>The leaderboard reads finished eval runs. Make one on the machine running this server:</p>" +
      "<pre><code>npm run bazaar -- eval --buyer rule:naive --buyer rule:smart --task single_deal --seeds 1..30</code></pre>" +
      '<p class="note">It writes <code>./data/eval.db</code>, the file this server reads unless it was started with <code>--eval-db &lt;file&gt;</code>. Reload this page when the run has finished.</p></div>'
    );
  }
  const tasks = [...new Set(v.per_task.map((r) => r.task))];
  const parts = tasks.map((t, i) =>
    renderTable(
      `${t}: buyers ranked by mean task score`,
      v.per_task.filter((r) => r.task === t),
      v.parse_error_warn,
      `board-${i}`,
    ),
  );
  if (v.overall.length > 0)
    parts.push(
      renderTable(
        "Overall: each buyer's units pooled over the tasks of its run",
        v.overall,
        v.parse_error_warn,
        "board-overall",
      ),
    );
  return parts.join("");
}

/** A filter's options; the current value stays selected even if no run has it any more. */
export function filterOptions(
  values: readonly string[],
  current: string | undefined,
  anyLabel: string,
): string {
  const all =
    current !== undefined && current !== "" && !values.includes(current) ? [...values, current] : values;
  return [
    `<option value="">${escapeHtml(anyLabel)}</option>`,
    ...all.map(
      (x) => `<option value="${escapeHtml(x)}"${x === current ? " selected" : ""}>${escapeHtml(x)}</option>`,
    ),
  ].join("");
}
