import type { ChildProcess } from "node:child_process";
import { startServerProcess } from "../../src/testing/server-process";

/** `bazaar serve` as a child process on an ephemeral port, optionally under --cpu-prof. */
export async function startChild(
  dbPath: string,
  profileDir: string | null,
): Promise<{ child: ChildProcess; host: string; port: number }> {
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? "").split(" ").filter((a) => a.length > 0);
  const { child, url } = await startServerProcess(["--db", dbPath], {
    nodeArgs: [...nodeArgs, ...(profileDir === null ? [] : ["--cpu-prof", `--cpu-prof-dir=${profileDir}`])],
    onLine: (line) => {
      if (process.env.BENCH_SHOW_STDERR === "1") process.stderr.write(`server: ${line}\n`);
    },
  });
  const u = new URL(url);
  return { child, host: u.hostname, port: Number(u.port) };
}
