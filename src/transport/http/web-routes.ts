import { readFile, stat } from "node:fs/promises";
import { resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { build, transform } from "esbuild";
import type { Context, Hono } from "hono";
import { PAGE_DOCS } from "./route-docs";
import { CONTENT_SECURITY_POLICY, securityHeaders } from "./security-headers";

/** The browser UI's own folder, beside src/. */
export const WEB_ROOT = fileURLToPath(new URL("../../../web/", import.meta.url));

export { CONTENT_SECURITY_POLICY };

/** The saffron diamond the pages use as their icon. */
export const FAVICON_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><path d="M8 1 15 8 8 15 1 8z" fill="#d97706"/></svg>';

const TYPES = {
  html: "text/html; charset=utf-8",
  css: "text/css; charset=utf-8",
  js: "text/javascript; charset=utf-8",
} as const;
type Kind = keyof typeof TYPES;

// One flat folder of plain names: no slashes, no dots but the extension, so nothing can climb out.
const FILE_NAME = /^([a-z][a-z0-9-]*)\.(html|css|js)$/;

/**
 * Wire modules the pages use at run time (not only as types), by the flat name the browser asks
 * for, with the specifier web/ sources import them by. Each is served bundled into one
 * self-contained module (a test checks it has no imports left): today only the one price
 * formatter, so the page's numbers and the sellers' words are written by the same code (#17 item 5).
 */
export const SHARED_MODULES: Readonly<Record<string, { specifier: string; file: string }>> = {
  "wire-money": {
    specifier: "../src/wire/money",
    file: fileURLToPath(new URL("../../wire/money.ts", import.meta.url)),
  },
};

const SHARED_BY_SPECIFIER = new Map(Object.entries(SHARED_MODULES).map(([name, m]) => [m.specifier, name]));

/**
 * The browser asks for `./api.js`; the sources say `./api` (bundler resolution). Relative
 * specifiers without an extension get `.js`, which this server compiles from the `.ts` beside it;
 * a shared wire module's specifier becomes its flat name (`../src/wire/money` → `./wire-money.js`).
 */
export function rewriteImports(code: string): string {
  return code.replace(
    /(\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)(["'])(\.\.?\/[^"']*?)\2/g,
    (whole, lead: string, q: string, spec: string) => {
      const shared = SHARED_BY_SPECIFIER.get(spec);
      if (shared !== undefined) return `${lead}${q}./${shared}.js${q}`;
      return /\.[a-z]+$/i.test(spec.split("/").pop() ?? "") ? whole : `${lead}${q}${spec}.js${q}`;
    },
  );
}

/** A shared wire module and what it imports, bundled into one browser module with no imports. */
export async function compileSharedModule(file: string): Promise<string> {
  const out = await build({
    entryPoints: [file],
    bundle: true,
    write: false,
    format: "esm",
    target: "es2022",
    platform: "browser",
    legalComments: "none",
  });
  return out.outputFiles[0]?.text ?? "";
}

/** TypeScript to browser JavaScript, one module at a time (types are erased, imports kept). */
export async function compileWebModule(source: string, fileName: string): Promise<string> {
  const out = await transform(source, {
    loader: "ts",
    format: "esm",
    target: "es2022",
    sourcefile: fileName,
    legalComments: "none",
  });
  return rewriteImports(out.code);
}

/** The pages besides the play page; each is web/<name>.html with its script web/<name>.ts. */
export const PAGES = ["replay", "sell", "watch", "leaderboard", "arena"] as const;

export interface WebRoutesOptions {
  /** Folder to serve; tests point it elsewhere. */
  root?: string;
}

/**
 * GET / and /web redirect to /web/; /web/ is the play page, /web/{replay,watch,leaderboard} the other pages, and
 * /web/<name>.{html,css,js} the rest (JavaScript compiled from web/<name>.ts, cached until
 * the source changes). Anything else under /web is a 404.
 */
export function registerWebRoutes(app: Hono, opts: WebRoutesOptions = {}): void {
  const root = resolve(opts.root ?? WEB_ROOT);
  const compiled = new Map<string, { mtimeMs: number; code: string }>();

  async function load(base: string, kind: Kind): Promise<string | null> {
    const shared = kind === "js" && Object.hasOwn(SHARED_MODULES, base) ? SHARED_MODULES[base] : undefined;
    const file = shared?.file ?? resolve(root, `${base}.${kind === "js" ? "ts" : kind}`);
    if (shared === undefined && !file.startsWith(root + sep)) return null;
    const info = await stat(file).catch(() => null);
    if (info === null || !info.isFile()) return null;
    if (kind !== "js") return readFile(file, "utf8");
    const hit = compiled.get(base);
    if (hit !== undefined && hit.mtimeMs === info.mtimeMs) return hit.code;
    // A shared module is cached on its entry file's mtime: what it bundles changes with a release.
    const code =
      shared === undefined
        ? await compileWebModule(await readFile(file, "utf8"), `${base}.ts`)
        : await compileSharedModule(file);
    compiled.set(base, { mtimeMs: info.mtimeMs, code });
    return code;
  }

  function missing(c: Context): Response {
    securityHeaders(c);
    c.header("Content-Type", "text/plain; charset=utf-8");
    return c.body("Nothing on this shelf.", 404);
  }

  async function send(c: Context, base: string, kind: Kind): Promise<Response> {
    const body = await load(base, kind);
    if (body === null) return missing(c);
    securityHeaders(c);
    c.header("Content-Type", TYPES[kind]);
    return c.body(body, 200);
  }

  // Pages without an icon of their own (/docs, JSON views) make the browser ask for this one.
  app.get("/favicon.ico", PAGE_DOCS.favicon, (c) => {
    c.header("Content-Type", "image/svg+xml");
    c.header("Cache-Control", "public, max-age=86400");
    return c.body(FAVICON_SVG, 200);
  });
  app.get("/", PAGE_DOCS.root, (c) => c.redirect("/web/", 302));
  app.get("/web", PAGE_DOCS.web, (c) => c.redirect("/web/", 302));
  app.get("/web/", PAGE_DOCS.play, (c) => send(c, "index", "html"));
  // Pages with a plain address of their own (/web/replay rather than /web/replay.html).
  for (const page of PAGES) app.get(`/web/${page}`, PAGE_DOCS[page], (c) => send(c, page, "html"));
  app.get("/web/*", PAGE_DOCS.asset, (c) => {
    const name = c.req.path.slice("/web/".length);
    const m = FILE_NAME.exec(name);
    if (m === null) return missing(c);
    return send(c, m[1] as string, m[2] as Kind);
  });
}
