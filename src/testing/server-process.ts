import { type ChildProcess, spawn } from "node:child_process";
import { createInterface } from "node:readline";

const ROOT = new URL("../..", import.meta.url).pathname;

export interface ServerProcess {
  child: ChildProcess;
  /** Base URL from the "server listening" log line, e.g. http://127.0.0.1:41234 */
  url: string;
  /** That log line's fields (db, commits, max_sessions, ...). */
  listening: Record<string, unknown>;
}

export interface ServerProcessOptions {
  /** Flags for node itself, before the program (profiling, heap sizes). */
  nodeArgs?: readonly string[];
  /** Each line the server writes to stderr, as it comes. */
  onLine?: (line: string) => void;
  /**
   * Start the server under this soft file-size limit (KiB, bash's `ulimit -S -f`): writes past
   * it fail with EFBIG, as on a full disk. Node ignores SIGXFSZ, so the process lives on, and
   * `prlimit --pid <pid> --fsize=unlimited` gives the room back.
   */
  fileSizeLimitKb?: number;
}

/**
 * `bazaar serve` on a free loopback port as a child process (tsx, from the repository root);
 * resolves once it logs that it is listening, rejects if it exits first.
 */
export async function startServerProcess(
  serveArgs: readonly string[],
  opts: ServerProcessOptions = {},
): Promise<ServerProcess> {
  const argv = [
    ...(opts.nodeArgs ?? []),
    "--import",
    "tsx",
    "src/cli/main.ts",
    "serve",
    "--port",
    "0",
    "--host",
    "127.0.0.1",
    ...serveArgs,
  ];
  const limited = opts.fileSizeLimitKb !== undefined;
  const child = spawn(
    limited ? "bash" : process.execPath,
    limited
      ? [
          "-c",
          `ulimit -S -f ${Math.trunc(opts.fileSizeLimitKb ?? 0)} && exec "$0" "$@"`,
          process.execPath,
          ...argv,
        ]
      : argv,
    { cwd: ROOT, stdio: ["ignore", "ignore", "pipe"], env: { ...process.env, LOG_LEVEL: "info" } },
  );
  const lines = createInterface({ input: child.stderr as NodeJS.ReadableStream });
  const listening = await new Promise<Record<string, unknown>>((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`server exited before listening (${code})`)));
    lines.on("line", (line) => {
      opts.onLine?.(line);
      if (!line.startsWith("{")) return; // a tsx or node warning
      const ev = JSON.parse(line) as Record<string, unknown>;
      if (ev.msg === "server listening" && typeof ev.url === "string") resolve(ev);
    });
  });
  return { child, url: listening.url as string, listening };
}
