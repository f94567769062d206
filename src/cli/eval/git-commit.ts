import { execFileSync } from "node:child_process";
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";

// The commit of the code that produced a number, not of wherever the command was run from.
const SOURCE_DIR = dirname(fileURLToPath(import.meta.url));

function git(args: string[], cwd: string): string {
  return execFileSync("git", args, { cwd, stdio: ["ignore", "pipe", "ignore"] })
    .toString()
    .trim();
}

/**
 * The checked-out commit of this code base, recorded on every eval result, with "+dirty" when
 * tracked files differ from it (the commit alone would not reproduce the number). Outside a
 * checkout (a container image) BAZAAR_GIT_COMMIT can supply it; otherwise "unknown".
 */
export function gitCommit(
  cwd = SOURCE_DIR,
  env: Readonly<Record<string, string | undefined>> = process.env,
): string {
  try {
    const sha = git(["rev-parse", "HEAD"], cwd);
    if (!/^[0-9a-f]{40}$/.test(sha)) return env.BAZAAR_GIT_COMMIT ?? "unknown";
    let dirty = false;
    try {
      git(["diff", "--quiet", "HEAD", "--"], cwd);
    } catch {
      dirty = true;
    }
    return dirty ? `${sha}+dirty` : sha;
  } catch {
    return env.BAZAAR_GIT_COMMIT ?? "unknown";
  }
}
