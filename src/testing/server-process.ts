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
}

/**
 * `bazaar serve` on a free loopback port as a child process (tsx, from the repository root);
 * resolves once it logs that it is listening, rejects if it exits first.
 */
export async function startServerProcess(
  serveArgs: readonly string[],
  opts: ServerProcessOptions = {},
): Promise<ServerProcess> {
  const child = spawn(
    process.execPath,
    [
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
    ],
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
