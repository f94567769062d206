import type { SellerLeaderboardResponse, SellerLeaderboardRow } from "../src/wire/leaderboard";
import { escapeHtml } from "./html";
import { ciScale, meanCiBar } from "./leaderboard-view";

const f3 = (x: number): string => x.toFixed(3);

function rowHtml(r: SellerLeaderboardRow, scale: [number, number], warn: number): string {
  const flagged = r.parse_error_rate > warn;
  const agent =
    `<strong>${escapeHtml(r.agent)}</strong><br><span class="hint">hash ${escapeHtml(r.agent_hash)}</span>` +
    (flagged
      ? `<br><span class="warn">${Math.round(r.parse_error_rate * 100)}% unusable replies: mostly the fallback move</span>`
      : "");
  const tasks = Object.entries(r.task_versions)
    .map(([t, v]) => `${t}@${v}`)
    .join(", ");
  const buyers = [
    ...new Set(Object.values(r.buyers).flatMap((v) => v.split(",").map((b) => b.split("#")[0] ?? b))),
  ].join(", ");
  const provenance = `${escapeHtml(tasks)} · engine ${escapeHtml(r.engine_version)} · commit ${escapeHtml(r.git_commit.slice(0, 10))}${r.tells ? "" : " · tells off"}<br>run ${escapeHtml(r.run_id)}`;
  return (
    `<tr${flagged ? ' class="flagged"' : ""}><td class="num">${r.rank}</td><td>${agent}</td>` +
    `<td class="num">${f3(r.mean_score)}</td>` +
    `<td>${meanCiBar(r.mean_score, r.score_ci95, scale)}<span class="ci-text">${f3(r.score_ci95[0])} – ${f3(r.score_ci95[1])}</span></td>` +
    `<td class="num">${r.seeds}</td><td>${escapeHtml(buyers)}</td><td class="prov">${provenance}</td></tr>`
  );
}

function table(caption: string, rows: readonly SellerLeaderboardRow[], warn: number, id: string): string {
  const scale = ciScale(rows.map((r) => r.score_ci95));
  return (
    `<h2 class="board-title" id="${id}">${escapeHtml(caption)}</h2><p class="scroll-hint hint">Scroll the table sideways for provenance.</p>` +
    `<div class="table-box" role="region" aria-labelledby="${id}" tabindex="0"><table class="board-table seller-board" aria-labelledby="${id}"><thead><tr><th scope="col">#</th><th scope="col">Seller agent</th>` +
    `<th scope="col">Score</th><th scope="col">95% CI <span class="hint">(axis ${f3(scale[0])}–${f3(scale[1])})</span></th>` +
    `<th scope="col">Seeds</th><th scope="col">Buyer</th><th scope="col">Provenance</th></tr></thead>` +
    `<tbody>${rows.map((r) => rowHtml(r, scale, warn)).join("")}</tbody></table></div>`
  );
}

/**
 * The seller board: one table per seller-role task (a row per agent and buyer), then the overall
 * table; or the empty state saying how to make a seller run.
 */
export function renderSellerLeaderboard(v: SellerLeaderboardResponse): string {
  if (v.per_task.length === 0 && v.overall.length === 0) {
    if (v.runs_considered > 0)
      return '<p class="note" id="board-empty">No stored seller eval run matches these filters. Clear a filter to see more.</p>';
    return (
      '<div class="card empty" id="board-empty"><h2>No seller results yet</h2>' +
      "<p>The seller board reads finished seller eval runs. Make one on the machine running this server:</p>" +
      "<pre><code>npm run bazaar -- eval --role seller --agent scripted --task all --seeds 1..30</code></pre>" +
      '<p class="note">It writes <code>./data/eval.db</code> (or the file <code>--db</code> names), the file this server reads unless it was started with <code>--eval-db &lt;file&gt;</code>. Reload this page when the run has finished.</p></div>'
    );
  }
  const tasks = [...new Set(v.per_task.map((r) => r.task))];
  const parts = tasks.map((t, i) =>
    table(
      `${t}: seller agents ranked by mean task score`,
      v.per_task.filter((r) => r.task === t),
      v.parse_error_warn,
      `board-${i}`,
    ),
  );
  if (v.overall.length > 0)
    parts.push(
      table(
        "Overall: each agent's units pooled over the tasks of its run",
        v.overall,
        v.parse_error_warn,
        "board-overall",
      ),
    );
  return parts.join("");
}
