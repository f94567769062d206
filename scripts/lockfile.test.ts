import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

interface LockEntry {
  optionalDependencies?: Record<string, string>;
}

describe("package-lock.json", () => {
  it("lists every optional platform package, so `npm ci` accepts it on a clean clone", () => {
    const lock = JSON.parse(readFileSync(new URL("../package-lock.json", import.meta.url), "utf8")) as {
      packages: Record<string, LockEntry>;
    };
    const missing: string[] = [];
    for (const entry of Object.values(lock.packages)) {
      for (const dep of Object.keys(entry.optionalDependencies ?? {})) {
        if (!lock.packages[`node_modules/${dep}`]) missing.push(dep);
      }
    }
    expect(missing, "run `node scripts/complete-lockfile.mjs` after `npm install`").toEqual([]);
  });
});
