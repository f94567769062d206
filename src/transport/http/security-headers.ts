import { createHash } from "node:crypto";
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

/**
 * The same policy for a page that carries one inline stylesheet (/docs is one self-contained
 * file): that exact stylesheet is allowed by its hash, nothing else inline is.
 */
export function policyWithInlineStyle(css: string): string {
  const hash = createHash("sha256").update(css, "utf8").digest("base64");
  return CONTENT_SECURITY_POLICY.replace("style-src 'self'", `style-src 'self' 'sha256-${hash}'`);
}

/** Headers every HTML page and asset this server renders carries (/web, /docs). */
export function securityHeaders(c: Context, policy: string = CONTENT_SECURITY_POLICY): void {
  c.header("Content-Security-Policy", policy);
  c.header("X-Content-Type-Options", "nosniff");
  c.header("Referrer-Policy", "no-referrer");
  c.header("Cache-Control", "no-cache");
}
