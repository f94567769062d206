import type { EpisodeListItem } from "./api";
import { escapeHtml } from "./html";
import { rupees } from "./money";
import { outcomeWords } from "./outcome-words";

function outcomeText(e: EpisodeListItem): string {
  const what = e.outcome === null ? e.status : outcomeWords(e.outcome);
  return e.outcome === "deal" && e.agreed_price !== null ? `${what} at ${rupees(e.agreed_price)}` : what;
}

/** The replay list: one link per finished haggle, newest first; every server string escaped. */
export function renderRecentList(episodes: readonly EpisodeListItem[]): string {
  if (episodes.length === 0) {
    return '<p class="note">No finished haggles yet. Play one on the <a href="/web/">Haggle</a> page and it appears here.</p>';
  }
  const rows = episodes.map((e) => {
    const href = `/web/replay?episode=${encodeURIComponent(e.episode_id)}`;
    const career = e.episode > 1 ? `, deal ${e.episode}` : "";
    const branch = e.branched_from === null ? "" : " (what-if branch)";
    return `<li><a href="${escapeHtml(href)}">${escapeHtml(e.task)}@${escapeHtml(e.task_version)}, seed ${e.seed}${career}</a> · ${escapeHtml(outcomeText(e))}${escapeHtml(branch)} · <time datetime="${escapeHtml(e.created_at)}">${escapeHtml(e.created_at.slice(0, 16).replace("T", " "))}</time></li>`;
  });
  return `<ol class="recent">${rows.join("")}</ol>`;
}
