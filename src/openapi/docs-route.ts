import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { gzipSync } from "node:zlib";
import type { Context, Hono } from "hono";
import { documented } from "../transport/http/route-docs";
import { CONTENT_SECURITY_POLICY, securityHeaders } from "../transport/http/security-headers";
import { openApiDocumentFor } from "./openapi-document";

const require = createRequire(import.meta.url);
const SCALAR_MAIN = require.resolve("@scalar/api-reference");
const SCALAR_VERSION = (
  JSON.parse(readFileSync(join(dirname(SCALAR_MAIN), "..", "package.json"), "utf8")) as { version: string }
).version;
/** Versioned, so a browser may keep it for a year and a new release is a new URL. */
export const SCALAR_PATH = `/docs/scalar-${SCALAR_VERSION}.js`;

/**
 * /docs's policy: the web pages' one (security-headers.ts) with one allowance Scalar needs.
 * Styles add 'unsafe-inline': Scalar, its CodeMirror editor and its toasts insert <style>
 * elements at run time (only Scalar's own honours a CSP nonce) and Vue sets style attributes;
 * with style-src 'self' the browser refuses both (web/e2e/docs.e2e.ts shows which). Scripts
 * stay 'self' only — the bundle and our init file, no inline script, no eval (zod inside the
 * bundle probes for eval and does without). connect-src stays 'self': Scalar's request proxy,
 * telemetry, fonts and AI/MCP features are off, and nothing else could be reached anyway.
 */
export const DOCS_POLICY = CONTENT_SECURITY_POLICY.replace(
  "style-src 'self'",
  "style-src 'self' 'unsafe-inline'",
);

const ICON =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 16 16'%3E%3Cpath d='M8 1 15 8 8 15 1 8z' fill='%23d97706'/%3E%3C/svg%3E";

/** JSON inside a <script type=application/json> block: nothing in it may close the element. */
const embedJson = (value: unknown): string => JSON.stringify(value).replace(/</g, "\\u003c");

/**
 * The page shell: the site header back to the play page, then Scalar, which reads the
 * document embedded here (a data block, not a script) so /docs needs no key even where
 * /openapi.json does. The icon is inline, so the browser asks for no /favicon.ico.
 */
export function docsHtml(doc: unknown, apiVersion: string, serverVersion: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>BazaarBATNA · API reference</title>
<link rel="icon" href="${ICON}">
<link rel="stylesheet" href="/web/docs.css">
<script src="${SCALAR_PATH}" defer></script>
<script src="/web/docs.js" defer></script>
</head>
<body>
<header class="site">
<p class="brand"><span aria-hidden="true">◈</span> BazaarBATNA</p>
<p class="versions">API contract ${apiVersion} · server release ${serverVersion}</p>
<nav aria-label="Pages"><a href="/web/">Haggle</a><a href="/web/sell">Sell</a><a href="/web/watch">Watch</a><a href="/web/replay">Replays</a><a href="/web/leaderboard">Leaderboard</a><a href="/web/arena">Arena</a><a href="/docs" aria-current="page">API</a></nav>
</header>
<noscript><p>The API reference needs JavaScript; the same document is at <a href="/openapi.json">/openapi.json</a>.</p></noscript>
<main id="reference"></main>
<script id="openapi-document" type="application/json">${embedJson(doc)}</script>
</body>
</html>
`;
}

let bundle: { plain: Buffer; gzip: Buffer } | null = null;

/** Read (and gzip) once: 4 MB that every /docs visit would otherwise read from disk. */
function scalarBundle(): { plain: Buffer; gzip: Buffer } {
  if (bundle === null) {
    const plain = readFileSync(join(dirname(SCALAR_MAIN), "browser", "standalone.js"));
    bundle = { plain, gzip: gzipSync(plain) };
  }
  return bundle;
}

function sendBundle(c: Context): Response {
  const { plain, gzip } = scalarBundle();
  securityHeaders(c, DOCS_POLICY);
  c.header("Content-Type", "text/javascript; charset=utf-8");
  c.header("Cache-Control", "public, max-age=31536000, immutable");
  c.header("Vary", "Accept-Encoding");
  if (/\bgzip\b/.test(c.req.header("accept-encoding") ?? "")) {
    c.header("Content-Encoding", "gzip");
    return c.body(new Uint8Array(gzip), 200);
  }
  return c.body(new Uint8Array(plain), 200);
}

/**
 * GET /docs (Scalar's interactive reference, served from this origin: no CDN) and the
 * Scalar bundle it loads. Scalar's own Hono helper (@scalar/hono-api-reference) is not used:
 * it writes the configuration as an inline <script>, which the policy above refuses.
 */
export function registerDocsRoutes(app: Hono, serverVersion: string, apiVersion: string): void {
  app.get(
    "/docs",
    documented({
      tag: "openenv",
      summary: "API reference (HTML)",
      description: "This document, browsable and with a request client (Scalar), served from this origin.",
      guard: "open",
      ok: { description: "HTML page", html: true },
    }),
    async (c) => {
      const doc = await openApiDocumentFor(app, serverVersion);
      securityHeaders(c, DOCS_POLICY);
      return c.html(docsHtml(doc, apiVersion, serverVersion));
    },
  );
  app.get(
    SCALAR_PATH,
    documented({
      tag: "web",
      summary: "Scalar bundle",
      description: "The API reference's script (@scalar/api-reference's standalone build), versioned.",
      guard: "open",
      ok: { description: "JavaScript" },
    }),
    sendBundle,
  );
}
