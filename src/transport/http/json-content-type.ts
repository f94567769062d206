import type { Context } from "hono";
import { HttpError } from "./http-errors";

/**
 * JSON routes read only `application/json` (any parameters, such as charset, allowed). A
 * missing content-type is accepted so `curl -X POST $B/reset` works; browsers cannot use that
 * to post cross-site unnoticed because the Origin check (origin-guard.ts) refuses them first.
 * `text/plain` and form encodings, which a page on another site can send without a
 * preflight, are refused.
 */
export function requireJsonContentType(c: Context): void {
  const raw = c.req.header("content-type");
  if (raw === undefined) return;
  const media = raw.split(";", 1)[0]?.trim().toLowerCase();
  if (media === "application/json") return;
  const msg = "This route reads JSON: send content-type: application/json.";
  throw new HttpError("UNSUPPORTED_MEDIA_TYPE", msg, msg, { content_type: raw.slice(0, 100) });
}
