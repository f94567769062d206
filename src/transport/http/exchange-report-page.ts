import { publicReportHtml } from "../../../markets/public-report";
import type { PublicRatingsReply } from "../../wire/exchange";

/**
 * GET /markets/report: the public ratings report in the site's frame and stylesheets (no
 * inline style or script, so the strict CSP holds). What it rests on is said on the page.
 */
export function reportPage(r: PublicRatingsReply): string {
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>BazaarBATNA · Market ratings</title>
  <link rel="stylesheet" href="/web/style.css">
  <link rel="stylesheet" href="/web/arena.css">
</head>
<body>
  <main id="main" class="report">
    <h1>Market ratings, from the public tape</h1>
    <p class="lede">Computed from settled prices, winners and the public terms of each market only: who engaged,
      passed, lost, submitted or scored is private and never enters. <a href="/web/arena">Back to the arena</a>.</p>
    <p class="muted">${r.method}, seed ${r.seed}, ${r.resamples} bootstrap resamples; tape up to id ${r.as_of_tape_id}
      (${r.tape_entries} entries, ${r.settlements} settlements).</p>
    ${publicReportHtml(r.rows)}
  </main>
</body>
</html>`;
}
