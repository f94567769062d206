import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, resolve, sep } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The dependency direction of DESIGN.md, read from the import lines themselves:
 * src → eval → tasks → buyers → sellers → env, with markets/ a pure domain beside env/. buyers/ (the
 * opponents of a seller-role agent) sits on sellers/ only for its release hashing (content-hash). Domain folders
 * never import the shell, env/ imports only zod, and nothing pure touches Node's I/O modules.
 */
const ROOT = resolve(import.meta.dirname, "..");
const DOMAIN = ["env", "sellers", "buyers", "tasks", "eval", "markets"] as const;
type Folder = (typeof DOMAIN)[number] | "src" | "web" | "other";

/** Which project folders each domain folder may import from (besides itself). */
const MAY_IMPORT: Record<(typeof DOMAIN)[number], readonly Folder[]> = {
  env: [],
  sellers: ["env"],
  buyers: ["env", "sellers"],
  tasks: ["env", "sellers", "buyers"],
  eval: ["env", "sellers", "buyers", "tasks"],
  markets: ["env", "sellers", "buyers", "eval"],
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

function sources(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    if (name === "node_modules" || name.startsWith(".")) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...sources(path));
    else if (name.endsWith(".ts") && !name.endsWith(".test.ts") && !name.endsWith(".d.ts")) out.push(path);
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

describe("layering", () => {
  it.each(DOMAIN.map((d) => [d]))("%s/ imports only what lies below it, and no I/O package", (domain) => {
    expect(violations(domain)).toEqual([]);
  });

  it("would notice a violation (the reader finds imports of every form)", () => {
    const sample = `import { a } from "../src/x";\nimport type { B } from "./b";\nexport { c } from "node:fs";\nimport "side-effect";\n`;
    const found = [...sample.matchAll(IMPORT)].map((m) => m[1] ?? m[2]);
    expect(found).toEqual(["../src/x", "./b", "node:fs", "side-effect"]);
  });
});
