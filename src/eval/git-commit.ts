import { execFileSync } from "node:child_process";

/** The checked-out commit, recorded on every eval result; "unknown" outside a git checkout. */
export function gitCommit(cwd = process.cwd()): string {
  try {
    const sha = execFileSync("git", ["rev-parse", "HEAD"], { cwd, stdio: ["ignore", "pipe", "ignore"] })
      .toString()
      .trim();
    return /^[0-9a-f]{40}$/.test(sha) ? sha : "unknown";
  } catch {
    return "unknown";
  }
}
