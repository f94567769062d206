import type { MiddlewareHandler } from "hono";
import { HttpError } from "./http-errors";

/** Methods a browser may send cross-site that change nothing here; every other method is checked. */
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

const normalise = (origin: string): string => origin.trim().toLowerCase().replace(/\/+$/, "");

function hostOf(origin: string): string | null {
  try {
    return new URL(origin).host.toLowerCase();
  } catch {
    return null;
  }
}

/**
 * Whether a request carrying `origin` may change state. No Origin header: a non-browser
 * client (curl, a training loop), allowed — browsers always send one on a cross-site POST.
 * Allowed: an origin listed in CORS_ORIGINS (or `*` there), and the server's own origin,
 * recognised by its host matching the Host (or, behind a proxy such as a Hugging Face Space,
 * X-Forwarded-Host) header — a page cannot set either on a request it sends cross-site — or
 * by the browser's `Sec-Fetch-Site: same-origin`, which no page can forge either. Everything
 * else, `null` (sandboxed frames, file:) included, is foreign.
 */
export function originAllowed(
  origin: string | undefined,
  ownHosts: readonly (string | undefined)[],
  corsOrigins: readonly string[],
  fetchSite?: string,
): boolean {
  if (origin === undefined) return true;
  // The browser's own word that the page is this origin, whatever a proxy did to Host.
  if (fetchSite === "same-origin") return true;
  if (corsOrigins.includes("*")) return true;
  const o = normalise(origin);
  if (corsOrigins.some((c) => normalise(c) === o)) return true;
  const host = hostOf(o);
  if (host === null) return false;
  return ownHosts.some((h) => h !== undefined && h.split(",")[0]?.trim().toLowerCase() === host);
}

export function foreignOrigin(): HttpError {
  const msg = "Requests that change state from another site are refused: its Origin is not in CORS_ORIGINS.";
  return new HttpError("FORBIDDEN_ORIGIN", msg, msg);
}

/**
 * Refuse state-changing requests sent by pages on other sites (issue 10, item 12): a "simple"
 * cross-site POST (text/plain, a form) needs no preflight, so CORS alone would let a page fill
 * a local server's sessions. Nothing has been read or changed when this answers 403.
 */
export function originGuard(corsOrigins: readonly string[]): MiddlewareHandler {
  return async (c, next) => {
    if (
      !SAFE_METHODS.has(c.req.method) &&
      !originAllowed(
        c.req.header("origin"),
        [c.req.header("host"), c.req.header("x-forwarded-host")],
        corsOrigins,
        c.req.header("sec-fetch-site"),
      )
    ) {
      throw foreignOrigin();
    }
    await next();
  };
}
