import type { PublicRatingRow } from "../../markets/public-ratings";
import { PublicRole } from "../../markets/public-role";
import { REPORT_CSS } from "./html-report";
import { escapeHtml, paretoChart } from "./svg-charts";

/**
 * The public ratings as an HTML report fragment: per role, the (market share, mean capture)
 * plane with the Pareto front drawn (the eval report's chart, with a share axis) and a table
 * with every figure and its 95 % interval. Built from the public ratings only, so it can
 * show nothing the tape does not. Every string from agents (names) is escaped.
 */
export const ROLE_TITLES: Record<PublicRole, string> = {
  listing_buyer: "Buyers in listings (capture: discount off the public ask)",
  request_seller: "Sellers in requests (capture: share of the public max price)",
  requester: "Requesters (capture: saving against their own max price)",
};

type Row = PublicRatingRow & { name?: string | null };

const pct = (x: number): string => `${(100 * x).toFixed(1)} %`;
const ci = (c: [number, number], f: (x: number) => string): string => `[${f(c[0])}, ${f(c[1])}]`;
const r2 = (x: number): string => x.toFixed(2);
const who = (r: Row): string => (r.name == null ? r.agent : `${r.name} (${r.agent})`);

function roleSection(role: PublicRole, rows: readonly Row[]): string {
  const chart = paretoChart(
    ROLE_TITLES[role],
    rows.map((r) => ({ label: r.name ?? r.agent, cost: r.market_share, value: r.mean_capture })),
    { xLabel: "share of this role's settlements", xBetter: "high" },
  );
  const body = rows
    .map(
      (r) =>
        `<tr><td>${escapeHtml(who(r))}</td><td>${r.deals}</td><td>${pct(r.market_share)}</td><td>${pct(r.mean_capture)} ${ci(r.capture_ci, pct)}</td><td>${r2(r.rating)} ${ci(r.rating_ci, r2)}</td><td>${r.games}</td><td>${r.on_frontier ? "★" : ""}</td></tr>`,
    )
    .join("");
  return `<section class="task role" data-role="${role}"><h2>${escapeHtml(ROLE_TITLES[role])}</h2><div class="charts"><figure><figcaption>Share of settlements vs mean capture; dashed: the Pareto front</figcaption>${chart}</figure></div><div class="scroll"><table><thead><tr><th scope="col">Agent</th><th scope="col">Deals</th><th scope="col">Share</th><th scope="col">Capture [95 % CI]</th><th scope="col">Rating [95 % CI]</th><th scope="col">Games</th><th scope="col">Frontier</th></tr></thead><tbody>${body}</tbody></table></div></section>`;
}

export function publicReportHtml(rows: readonly Row[]): string {
  const sections = PublicRole.options
    .map((role) => {
      const mine = rows.filter((r) => r.role === role);
      return mine.length === 0 ? "" : roleSection(role, mine);
    })
    .join("");
  return sections === "" ? '<p class="muted">No settlements on the tape yet: nothing to rate.</p>' : sections;
}

/**
 * The report as one self-contained page (the eval report's stylesheet, inline SVG, no script),
 * for a file (`bazaar market simulate --html`) or the server (GET /markets/report, whose CSP
 * allows exactly this stylesheet by its hash). `facts` say what the figures rest on.
 */
export function publicReportPage(title: string, facts: readonly string[], rows: readonly Row[]): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title><style>${REPORT_CSS}</style></head>
<body>
<h1>${escapeHtml(title)}</h1>
<p>Computed from the public tape only: settled prices, winners and each market's public terms. Who engaged, passed, lost, submitted or scored is private and never enters (docs/exchange.md, "Public ratings").</p>
<ul>${facts.map((f) => `<li>${escapeHtml(f)}</li>`).join("")}</ul>
${publicReportHtml(rows)}
</body></html>
`;
}
