import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, resolve, sep } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The dependency direction of DESIGN.md, read from the import lines themselves:
 * src → eval → tasks → markets → buyers → sellers → env. buyers/ (the opponents of a seller-role
 * agent) sits on sellers/ only for its release hashing (content-hash). markets/ (listing and
 * request markets, their agents, ledger and ratings) sits above buyers/, whose policies its
 * scripted agents play, and below tasks/, which builds RL tasks on it the way it builds them on
 * sellers (marketplace_arena@4 puts the agent's episode in a listing market). So tasks → markets
 * and never back: markets/ reads no task, no eval code (the seeded bootstrap its ratings use lives
 * in env/bootstrap.ts beside the PRNG it draws from). The order is a line, hence acyclic. Domain
 * folders never import the shell, env/ imports only zod, and nothing pure touches Node's I/O modules.
 */
const ROOT = resolve(import.meta.dirname, "..");
const DOMAIN = ["env", "sellers", "buyers", "tasks", "eval", "markets"] as const;
type Folder = (typeof DOMAIN)[number] | "src" | "web" | "other";

/** Which project folders each domain folder may import from (besides itself). */
const MAY_IMPORT: Record<(typeof DOMAIN)[number], readonly Folder[]> = {
  env: [],
  sellers: ["env"],
  buyers: ["env", "sellers"],
  markets: ["env", "sellers", "buyers"],
  tasks: ["env", "sellers", "buyers", "markets"],
  eval: ["env", "sellers", "buyers", "markets", "tasks"],
};

/**
 * Packages each domain folder may import; anything else (hono, better-sqlite3, LLM clients,
 * sockets) is the shell's. env/ and markets/ do no I/O at all (non-negotiable 5). tasks/ and
 * eval/ may read files for their tooling (listing files, the tells corpus and model), never
 * open a socket or a database.
 */
const READS = "node:(fs|fs\\/promises|url|path|perf_hooks)";
const PACKAGES: Record<(typeof DOMAIN)[number], RegExp> = {
  env: /^zod$/,
  markets: /^zod$/,
  sellers: /^(zod|node:crypto)$/,
  buyers: /^(zod|node:crypto)$/,
  tasks: new RegExp(`^(zod|node:crypto|node:zlib|${READS})$`),
  eval: new RegExp(`^(zod|node:crypto|${READS})$`),
};

/** The .ts files under `dir`: runtime sources only by default, tests and declarations too with `all`. */
function sources(dir: string, all = false): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    if (name === "node_modules" || name.startsWith(".")) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...sources(path, all));
    else if (name.endsWith(".ts") && (all || (!name.endsWith(".test.ts") && !name.endsWith(".d.ts"))))
      out.push(path);
  }
  return out;
}

// No "=" or ";" before `from`: an `export const x = …` is not an import, however far its text runs.
const IMPORT = /^\s*(?:import|export)\s[^'"=;]*?from\s*["']([^"']+)["']|^\s*import\s*["']([^"']+)["']/gm;

function importsOf(file: string): string[] {
  const text = readFileSync(file, "utf8");
  return [...text.matchAll(IMPORT)].map((m) => (m[1] ?? m[2]) as string);
}

function folderOf(path: string): Folder {
  const top = relative(ROOT, path).split(sep)[0] ?? "";
  if ((DOMAIN as readonly string[]).includes(top)) return top as Folder;
  return top === "src" || top === "web" ? top : "other";
}

function violations(domain: (typeof DOMAIN)[number]): string[] {
  const bad: string[] = [];
  for (const file of sources(join(ROOT, domain))) {
    // Test helpers may build fixtures however they like; they ship in no runtime path.
    if (file.includes(`${sep}testing${sep}`)) continue;
    for (const spec of importsOf(file)) {
      const where = relative(ROOT, file);
      if (spec.startsWith(".")) {
        const target = folderOf(resolve(file, "..", spec));
        if (target !== domain && !MAY_IMPORT[domain].includes(target)) bad.push(`${where} → ${spec}`);
      } else if (!PACKAGES[domain].test(spec)) {
        bad.push(`${where} → package ${spec}`);
      }
    }
  }
  return bad;
}

/** Every relative import of a folder's runtime sources (test helpers under testing/ and tests excluded), resolved. */
function relativeImports(dir: string, skip: (file: string) => boolean = () => false) {
  const out: { where: string; target: string; spec: string }[] = [];
  for (const file of sources(join(ROOT, dir))) {
    if (file.includes(`${sep}testing${sep}`) || skip(file)) continue;
    for (const spec of importsOf(file)) {
      if (!spec.startsWith(".")) continue;
      out.push({ where: relative(ROOT, file), target: relative(ROOT, resolve(file, "..", spec)), spec });
    }
  }
  return out;
}

const within = (path: string, folder: string): boolean => path === folder || path.startsWith(`${folder}/`);

/**
 * The transports are peers: none imports another, so each can be replaced alone (the MCP SDK,
 * a new transport). What they share lives in src/wire (the contract) or src/sessions (the
 * service); src/transport/server.ts, outside all three, composes them. None imports the OpenAPI
 * module either: it is mounted by the composition root.
 */
const TRANSPORTS = ["src/transport/http", "src/transport/ws", "src/transport/mcp"] as const;

function transportViolations(): string[] {
  const bad: string[] = [];
  for (const t of TRANSPORTS) {
    for (const { where, target, spec } of relativeImports(t)) {
      const other = TRANSPORTS.find((u) => u !== t && within(target, u));
      if (other !== undefined || within(target, "src/openapi")) bad.push(`${where} → ${spec}`);
    }
  }
  return bad;
}

/**
 * The browser UI reads the server only through the wire contract (types from src/wire, env
 * types via its re-exports). Exceptions, by design: tests (they start a real server from
 * src/testing) and web/e2e (a harness that plays through a real browser against a real server).
 */
function webViolations(): string[] {
  return relativeImports("web", (f) => f.includes(`${sep}e2e${sep}`))
    .filter(({ target }) => !within(target, "web") && !within(target, "src/wire"))
    .map(({ where, spec }) => `${where} → ${spec}`);
}

/** The contract is pure: zod, the engine's and the markets' own schemas, and itself. */
function wireViolations(): string[] {
  const bad: string[] = [];
  for (const file of sources(join(ROOT, "src/wire"))) {
    for (const spec of importsOf(file)) {
      const where = relative(ROOT, file);
      if (!spec.startsWith(".")) {
        if (spec !== "zod") bad.push(`${where} → package ${spec}`);
        continue;
      }
      const target = relative(ROOT, resolve(file, "..", spec));
      // markets/ is the exchange's pure domain as env/ is the engine's: its views are the
      // exchange's boundary schemas, so the exchange's wire contract (exchange.ts) reads them.
      if (!within(target, "src/wire") && !within(target, "env") && !within(target, "markets"))
        bad.push(`${where} → ${spec}`);
    }
  }
  return bad;
}

const MAX_LINES = 400;
/**
 * TypeScript files allowed past MAX_LINES, each with its reason: data tables only, listed by
 * name so nothing hides behind a pattern.
 */
const LONG_FILES: Record<string, string> = {
  "env/tells/cue-rules.ts": "data table: the verbal cue rules, frozen with the tells version",
};

function longFiles(): string[] {
  return sources(ROOT, true)
    .filter((f) => readFileSync(f, "utf8").split("\n").length > MAX_LINES)
    .map((f) => relative(ROOT, f).split(sep).join("/"))
    .filter((f) => !(f in LONG_FILES));
}

describe("shell layering", () => {
  it("no transport folder imports another, nor the OpenAPI module", () => {
    expect(transportViolations()).toEqual([]);
  });

  it("web/ imports only the wire contract", () => {
    expect(webViolations()).toEqual([]);
  });

  it("src/wire imports only zod, env/ and itself", () => {
    expect(wireViolations()).toEqual([]);
  });

  it(`no TypeScript file is over ${MAX_LINES} lines except the listed ones`, () => {
    expect(longFiles()).toEqual([]);
    // An exception that no longer needs its place is removed from the list.
    for (const f of Object.keys(LONG_FILES)) {
      expect(readFileSync(join(ROOT, f), "utf8").split("\n").length).toBeGreaterThan(MAX_LINES);
    }
  });

  it("would notice a cross-transport import and a web import of an implementation file", () => {
    const resolved = (from: string, spec: string) => relative(ROOT, resolve(ROOT, from, "..", spec));
    const t = resolved("src/transport/ws/x.ts", "../mcp/mcp-handler");
    expect(TRANSPORTS.some((u) => within(t, u) && u !== "src/transport/ws")).toBe(true);
    expect(within(resolved("web/api.ts", "../src/sessions/x"), "src/wire")).toBe(false);
    expect(within(resolved("web/api.ts", "../src/wire/step"), "src/wire")).toBe(true);
  });
});

describe("layering", () => {
  it.each(DOMAIN.map((d) => [d]))("%s/ imports only what lies below it, and no I/O package", (domain) => {
    expect(violations(domain)).toEqual([]);
  });

  it("the allowed directions form no cycle (each folder imports only folders listed before it)", () => {
    const order: string[] = [];
    const visit = (d: (typeof DOMAIN)[number], path: readonly string[]): void => {
      expect(path, `cycle: ${[...path, d].join(" → ")}`).not.toContain(d);
      if (order.includes(d)) return;
      for (const below of MAY_IMPORT[d]) visit(below as (typeof DOMAIN)[number], [...path, d]);
      order.push(d);
    };
    for (const d of DOMAIN) visit(d, []);
    expect(order).toHaveLength(DOMAIN.length);
  });

  it("would notice a violation (the reader finds imports of every form)", () => {
    const sample = `import { a } from "../src/x";\nimport type { B } from "./b";\nexport { c } from "node:fs";\nimport "side-effect";\n`;
    const found = [...sample.matchAll(IMPORT)].map((m) => m[1] ?? m[2]);
    expect(found).toEqual(["../src/x", "./b", "node:fs", "side-effect"]);
  });
});
