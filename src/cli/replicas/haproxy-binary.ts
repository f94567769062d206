import { accessSync, constants } from "node:fs";
import { delimiter, join } from "node:path";

/** Where Debian, Homebrew and source installs put haproxy, for a PATH without sbin (non-root users). */
const SBIN = ["/usr/sbin", "/usr/local/sbin", "/sbin", "/opt/homebrew/sbin", "/opt/homebrew/bin"];

export const HAPROXY_INSTALL_HINT =
  "Install it from your system's packages: sudo apt-get install haproxy (Debian/Ubuntu), sudo dnf install haproxy (Fedora/RHEL), brew install haproxy (macOS); or set BAZAAR_HAPROXY to the binary's path.";

const executable = (path: string): boolean => {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

/**
 * The haproxy binary: BAZAAR_HAPROXY when set (it must exist), else the first on PATH or in the
 * usual sbin folders. A message saying what is missing and how to install it otherwise.
 */
export function findHaproxy(
  env: Readonly<Record<string, string | undefined>>,
): { path: string } | { problem: string } {
  const given = env.BAZAAR_HAPROXY;
  if (given !== undefined && given !== "")
    return executable(given)
      ? { path: given }
      : {
          problem: `BAZAAR_HAPROXY names ${given}, which is not an executable file. ${HAPROXY_INSTALL_HINT}`,
        };
  const dirs = [...(env.PATH ?? "").split(delimiter).filter((d) => d !== ""), ...SBIN];
  for (const dir of dirs) {
    const path = join(dir, "haproxy");
    if (executable(path)) return { path };
  }
  return {
    problem: `--replicas runs HAProxy in front of the replicas, and haproxy is not installed. ${HAPROXY_INSTALL_HINT}`,
  };
}
