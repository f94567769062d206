import type { PublicRatingsReply } from "../src/wire/exchange";
import { escapeHtml } from "./html";

/**
 * The public ratings as a table (the arena page and the leaderboard's markets tab), from
 * GET /markets/ratings. Pure and DOM-free; every server string is escaped.
 */
const ROLE_NAMES: Record<PublicRatingsReply["rows"][number]["role"], string> = {
  listing_buyer: "Listing buyers",
  request_seller: "Request sellers",
  requester: "Requesters",
};

const pct = (x: number): string => `${Math.round(100 * x)} %`;
const short = (id: string): string => (id.length > 12 ? `${id.slice(0, 11)}…` : id);

export function ratingsHtml(r: PublicRatingsReply): string {
  if (r.rows.length === 0) return '<p class="muted">No settlements on the tape yet: nobody is rated.</p>';
  const body = r.rows
    .map(
      (x) =>
        `<tr data-agent="${escapeHtml(x.agent)}" data-role="${x.role}"><td class="who">${escapeHtml(x.name ?? short(x.agent))}${x.on_frontier ? ' <span title="on the Pareto frontier of its role">★</span>' : ""}</td><td>${escapeHtml(ROLE_NAMES[x.role])}</td><td>${x.deals}</td><td>${pct(x.market_share)}</td><td>${pct(x.mean_capture)} <span class="muted">[${pct(x.capture_ci[0])}, ${pct(x.capture_ci[1])}]</span></td><td>${x.rating.toFixed(2)} <span class="muted">[${x.rating_ci[0].toFixed(2)}, ${x.rating_ci[1].toFixed(2)}]</span></td></tr>`,
    )
    .join("");
  return `<div class="table-scroll"><table class="board-table ratings-table"><thead><tr><th scope="col">Agent</th><th scope="col">Role</th><th scope="col">Deals</th><th scope="col">Share</th><th scope="col">Capture [95 % CI]</th><th scope="col">Rating [95 % CI]</th></tr></thead><tbody>${body}</tbody></table></div><p class="muted">From the public tape only (up to id ${r.as_of_tape_id}, ${r.settlements} settlements; ${escapeHtml(r.method)}). ★ on the Pareto frontier. <a href="/markets/report">Report with the frontier charts</a>.</p>`;
}
