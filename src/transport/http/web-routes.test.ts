import { readdirSync, readFileSync } from "node:fs";
import { mkdtemp, rm, utimes, writeFile } from "node:fs/promises";
import { request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type LiveBackend, startRealServer } from "../../testing/backends";
import {
  CONTENT_SECURITY_POLICY,
  compileSharedModule,
  compileWebModule,
  registerWebRoutes,
  rewriteImports,
  SHARED_MODULES,
  WEB_ROOT,
} from "./web-routes";

function webApp(root?: string): Hono {
  const app = new Hono();
  registerWebRoutes(app, root === undefined ? {} : { root });
  return app;
}

describe("web routes", () => {
  const app = webApp();

  it("serves the play page as HTML with a self-only CSP", async () => {
    const res = await app.request("/web/");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
    const csp = res.headers.get("content-security-policy") ?? "";
    expect(csp).toBe(CONTENT_SECURITY_POLICY);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain("unsafe");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    const html = await res.text();
    expect(html).toContain('<script type="module" src="/web/app.js"></script>');
    expect(html).not.toMatch(/<script>|style="/);
  });

  it("serves the replay page, the stylesheet and compiled modules with their types", async () => {
    const replay = await app.request("/web/replay");
    expect(replay.status).toBe(200);
    expect(await replay.text()).toContain("/web/replay.js");

    const css = await app.request("/web/style.css");
    expect(css.status).toBe(200);
    expect(css.headers.get("content-type")).toBe("text/css; charset=utf-8");
    expect(css.headers.get("content-security-policy")).toBe(CONTENT_SECURITY_POLICY);

    const js = await app.request("/web/app.js");
    expect(js.status).toBe(200);
    expect(js.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    const code = await js.text();
    expect(code).toContain('from "./api.js"');
    expect(code).not.toMatch(/\bimport type\b|: PlayState\b/);
  });

  it("answers /favicon.ico with the site's icon instead of a 404", async () => {
    const res = await app.request("/favicon.ico");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/svg+xml");
    expect(await res.text()).toMatch(/^<svg [^>]*>.*<\/svg>$/);
  });

  it("redirects / and /web to /web/", async () => {
    for (const path of ["/", "/web"]) {
      const res = await app.request(path);
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe("/web/");
    }
  });

  it("answers 404 for files that are not there or not servable", async () => {
    for (const path of [
      "/web/nope.js",
      "/web/nope.css",
      "/web/nope.html",
      "/web/app.ts",
      "/web/index",
      "/web/chart.test.js",
      "/web/e2e/play.e2e.js",
      "/web/APP.js",
    ]) {
      const res = await app.request(path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get("content-type"), path).toBe("text/plain; charset=utf-8");
    }
  });

  it("refuses every spelling of a climb out of web/", async () => {
    for (const path of [
      "/web/../package.json",
      "/web/..%2fpackage.json",
      "/web/%2e%2e/package.json",
      "/web/%2e%2e%2fpackage.json",
      "/web/%252e%252e%252fpackage.json",
      "/web/..%5cpackage.json",
      "/web/..\\package.json",
      "/web/%2fetc%2fpasswd",
      "/web/....//package.json",
      "/web/.%2e/src/http/app.js",
    ]) {
      const res = await app.request(path);
      expect(res.status, path).toBe(404);
      expect(await res.text(), path).not.toContain("bazaar-batna");
    }
  });

  it("recompiles a module when its source changes and serves the cached copy otherwise", async () => {
    const root = await mkdtemp(join(tmpdir(), "bazaar-web-"));
    try {
      const file = join(root, "mod.ts");
      await writeFile(file, "export const n: number = 1;\n");
      await utimes(file, 1_000, 1_000);
      const local = webApp(root);
      expect(await (await local.request("/web/mod.js")).text()).toContain("n = 1");
      await writeFile(file, "export const n: number = 2;\n");
      await utimes(file, 1_000, 1_000);
      expect(await (await local.request("/web/mod.js")).text()).toContain("n = 1");
      await utimes(file, 2_000, 2_000);
      expect(await (await local.request("/web/mod.js")).text()).toContain("n = 2");
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});

describe("rewriteImports", () => {
  it("adds .js to relative specifiers only", () => {
    const code = [
      'import { a } from "./api";',
      'import { b } from "../../up/b";',
      'export { c } from "./c";',
      'import "./side";',
      'const d = import("./lazy");',
      'import { e } from "./e.js";',
      'import { f } from "pkg";',
    ].join("\n");
    expect(rewriteImports(code).split("\n")).toEqual([
      'import { a } from "./api.js";',
      'import { b } from "../../up/b.js";',
      'export { c } from "./c.js";',
      'import "./side.js";',
      'const d = import("./lazy.js");',
      'import { e } from "./e.js";',
      'import { f } from "pkg";',
    ]);
  });
});

describe("every web module", () => {
  const sources = readdirSync(WEB_ROOT).filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts"));

  it("is found", () => {
    expect(sources).toEqual(expect.arrayContaining(["app.ts", "replay.ts", "api.ts", "chart.ts"]));
  });

  it.each(sources)("%s compiles to a browser module whose imports all resolve inside web/", async (name) => {
    const code = await compileWebModule(readFileSync(join(WEB_ROOT, name), "utf8"), name);
    const specs = [...code.matchAll(/\bfrom\s*"([^"]+)"|\bimport\s*"([^"]+)"/g)].map((m) => m[1] ?? m[2]);
    for (const spec of specs) {
      expect(spec).toMatch(/^\.\/[a-z][a-z0-9-]*\.js$/);
      const base = spec?.slice(2, -3) as string;
      if (!Object.hasOwn(SHARED_MODULES, base)) expect(sources).toContain(`${base}.ts`);
    }
  });

  it.each(Object.keys(SHARED_MODULES))(
    "shared wire module %s is served as one module with no imports",
    async (name) => {
      const shared = SHARED_MODULES[name] as { file: string };
      const code = await compileSharedModule(shared.file);
      expect(code).toContain("export");
      expect(code).not.toMatch(/\bfrom\s*["']|\bimport\s*["'(]/);
    },
  );
});

describe("shared wire modules", () => {
  it("are imported by their wire specifier and served under a flat name", () => {
    expect(rewriteImports('import { formatMoney } from "../src/wire/money";')).toBe(
      'import { formatMoney } from "./wire-money.js";',
    );
    expect(rewriteImports('import { x } from "../env/prng";')).toBe('import { x } from "../env/prng.js";');
  });
});

describe("web UI on the real server", () => {
  let server: LiveBackend;
  beforeAll(async () => {
    server = await startRealServer();
  });
  afterAll(() => server.close());

  it("serves the shared price formatter the page imports, and nothing else of the domain", async () => {
    const money = await fetch(`${server.url}/web/wire-money.js`);
    expect(money.status).toBe(200);
    const code = await money.text();
    expect(code).toContain("function formatMoney");
    // Served to a browser, it runs there: the bundle formats as the engine does.
    const url = `data:text/javascript;base64,${Buffer.from(code).toString("base64")}`;
    const mod = (await import(url)) as { formatMoney: (x: number) => string };
    expect(mod.formatMoney(3499.3)).toBe("₹3,499.30");
    for (const name of ["env-money.js", "wire-step.js", "constructor.js", "tostring.js"]) {
      expect((await fetch(`${server.url}/web/${name}`)).status).toBe(404);
    }
  });

  it("is registered by createApp beside the API", async () => {
    const page = await fetch(`${server.url}/web/`);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-security-policy")).toBe(CONTENT_SECURITY_POLICY);
    const root = await fetch(`${server.url}/`, { redirect: "manual" });
    expect(root.status).toBe(302);
    expect(root.headers.get("location")).toBe("/web/");
  });

  it("does not serve files above web/ for raw, unnormalised paths", async () => {
    const { port } = new URL(server.url);
    for (const path of [
      "/web/../package.json",
      "/web/..%2f..%2fpackage.json",
      "/web/%2e%2e/%2e%2e/etc/passwd",
    ]) {
      const { status, body } = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = httpRequest({ host: "127.0.0.1", port: Number(port), path, method: "GET" }, (res) => {
          let body = "";
          res.setEncoding("utf8");
          res.on("data", (chunk: string) => {
            body += chunk;
          });
          res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
        });
        req.on("error", reject);
        req.end();
      });
      expect(status, path).toBe(404);
      expect(body, path).not.toContain("bazaar-batna");
      expect(body, path).not.toContain("root:");
    }
  });
});
