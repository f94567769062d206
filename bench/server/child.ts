import type { ChildProcess } from "node:child_process";
import { startServerProcess } from "../../src/testing/server-process";
import { debuggerUrlIn } from "./heap-probe";

/**
 * `bazaar serve` as a child process on an ephemeral port, optionally under --cpu-prof, or with
 * the inspector open on a free loopback port (`inspect`) so the bench can read its heap.
 */
export async function startChild(
  dbPath: string,
  profileDir: string | null,
  inspect = false,
): Promise<{ child: ChildProcess; host: string; port: number; debuggerUrl: string | null }> {
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? "").split(" ").filter((a) => a.length > 0);
  let debuggerUrl: string | null = null;
  const { child, url } = await startServerProcess(["--db", dbPath], {
    nodeArgs: [
      ...nodeArgs,
      ...(profileDir === null ? [] : ["--cpu-prof", `--cpu-prof-dir=${profileDir}`]),
      ...(inspect ? ["--inspect=127.0.0.1:0"] : []),
    ],
    onLine: (line) => {
      debuggerUrl ??= debuggerUrlIn(line);
      if (process.env.BENCH_SHOW_STDERR === "1") process.stderr.write(`server: ${line}\n`);
    },
  });
  const u = new URL(url);
  return { child, host: u.hostname, port: Number(u.port), debuggerUrl };
}
