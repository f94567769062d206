#!/usr/bin/env node
// The npm registry this project is built against does not serve every platform build of
// some native tools (e.g. @biomejs/cli-darwin-arm64), so `npm install` leaves them out of
// package-lock.json and `npm ci` then refuses the lock as "out of sync". This restores an
// entry for each missing optional platform package, copied from a sibling that is present,
// with os/cpu/libc read from the package name. `npm ci` skips them (wrong platform), so no
// download is needed. Run after any `npm install` that rewrites the lock:
//   node scripts/complete-lockfile.mjs
import { readFileSync, writeFileSync } from "node:fs";

const PLATFORM =
  /-(android|darwin|linux|win32|freebsd|openbsd|sunos|aix)-(arm64|x64|arm|ia32|ppc64|s390x|riscv64|loong64)(-musl|-gnu)?$/;

export function completeLock(lock) {
  const packages = lock.packages;
  const added = [];
  for (const [key, entry] of Object.entries(packages)) {
    for (const dep of Object.keys(entry.optionalDependencies ?? {})) {
      const depKey = `node_modules/${dep}`;
      if (packages[depKey]) continue;
      const m = PLATFORM.exec(dep);
      if (!m) continue;
      const version = entry.optionalDependencies[dep];
      const sibling = Object.keys(entry.optionalDependencies)
        .map((d) => packages[`node_modules/${d}`])
        .find(Boolean);
      const made = { version, cpu: [m[2]], dev: entry.dev ?? sibling?.dev ?? false };
      if (m[3] === "-musl") made.libc = ["musl"];
      if (sibling?.license) made.license = sibling.license;
      made.optional = true;
      made.os = [m[1]];
      if (sibling?.engines) made.engines = sibling.engines;
      if (!made.dev) delete made.dev;
      packages[depKey] = made;
      added.push(`${dep}@${version} (for ${key.replace(/^node_modules\//, "")})`);
    }
  }
  lock.packages = Object.fromEntries(
    Object.entries(packages).sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a < b ? -1 : 1)),
  );
  return added;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const path = new URL("../package-lock.json", import.meta.url);
  const lock = JSON.parse(readFileSync(path, "utf8"));
  const added = completeLock(lock);
  writeFileSync(path, `${JSON.stringify(lock, null, 2)}\n`);
  console.log(added.length === 0 ? "package-lock.json is complete" : `added:\n  ${added.join("\n  ")}`);
}
