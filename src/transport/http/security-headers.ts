import type { Context } from "hono";

/**
 * Self only: the UI loads nothing from elsewhere and talks to this origin's API. Framing is
 * allowed for Hugging Face, whose Space page shows the app inside an iframe.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "font-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'self' https://huggingface.co",
].join("; ");

/** Headers every HTML page and asset this server renders carries (/web, /docs). */
export function securityHeaders(c: Context, policy: string = CONTENT_SECURITY_POLICY): void {
  c.header("Content-Security-Policy", policy);
  c.header("X-Content-Type-Options", "nosniff");
  c.header("Referrer-Policy", "no-referrer");
  c.header("Cache-Control", "no-cache");
}
