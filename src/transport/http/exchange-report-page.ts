import { createHash } from "node:crypto";
import type { Context } from "hono";
import { REPORT_CSS } from "../../../eval/report/html-report";
import { publicReportPage } from "../../../eval/report/public-market-report";
import type { PublicRatingsReply } from "../../wire/exchange";
import { CONTENT_SECURITY_POLICY, securityHeaders } from "./security-headers";

/**
 * The report page's one inline stylesheet, allowed by its hash: the page stays the same file
 * `bazaar market simulate --html` writes, and the strict CSP still refuses any other inline
 * style and every script.
 */
const STYLE_HASH = `'sha256-${createHash("sha256").update(REPORT_CSS, "utf8").digest("base64")}'`;
const REPORT_POLICY = CONTENT_SECURITY_POLICY.replace("style-src 'self'", `style-src 'self' ${STYLE_HASH}`);

/** GET /markets/report: the public ratings as a page, with what they rest on. */
export function reportPage(c: Context, r: PublicRatingsReply): Response {
  securityHeaders(c, REPORT_POLICY);
  return c.html(
    publicReportPage(
      "Market ratings, from the public tape",
      [
        `${r.method}, seed ${r.seed}, ${r.resamples} bootstrap resamples`,
        `tape up to id ${r.as_of_tape_id}: ${r.tape_entries} entries, ${r.settlements} settlements`,
      ],
      r.rows,
    ),
  );
}
