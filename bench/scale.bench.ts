/**
 * npm run bench:scale — the bars of issue #15, from separate processes over real sockets.
 *
 * One embedded Postgres (fsync on), replicas r1 and r2 on it, a SQLite-backed server, and two
 * HAProxy instances: one in front of r1 only, one in front of r1 and r2. Measurements alternate
 * (BENCH_REPEATS times, BENCH_SECONDS each) and medians are reported, because this shared 2-core
 * VM swings a lot from one minute to the next:
 * - through HAProxy, 2 replicas vs 1: steps/s and their ratio, with the CPU seconds per second
 *   spent by the client (this process) and by the servers (replicas + HAProxy + Postgres);
 * - one replica direct, Postgres vs SQLite: steps/s and p99 step latency;
 * - failover: r1 is killed with SIGKILL under load through the 2-replica balancer; the time from
 *   the kill to the first successful step of a session r1 owned.
 * Each loop plays episodes with the tests' scripted buyer (src/testing/episode-loop.ts).
 * The last line of output is JSON.
 */
import { readdirSync, readFileSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { ENGINE_VERSION } from "../env/engine-version";
import { gitCommit } from "../src/cli/eval/git-commit";
import { startHaproxy, startReplicas } from "../src/testing/cluster";
import { startEmbeddedPg } from "../src/testing/embedded-pg";
import { type LoopStats, newStats, playEpisode } from "../src/testing/episode-loop";
import { startServerProcess } from "../src/testing/server-process";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const REPEATS = Number(process.env.BENCH_REPEATS ?? 3);
const LOOPS = Number(process.env.BENCH_LOOPS ?? 32);
const TICK_S = 100; // USER_HZ on Linux

/** utime + stime of a process, in seconds (0 once it is gone). */
function cpuOf(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
    return (Number(fields[11]) + Number(fields[12])) / TICK_S;
  } catch {
    return 0;
  }
}

/** The Postgres server and its backends: every process whose parent is the postmaster. */
function postgresPids(postmaster: number): number[] {
  const out = [postmaster];
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const ppid = Number(readFileSync(`/proc/${name}/stat`, "utf8").split(") ")[1]?.split(" ")[1]);
      if (ppid === postmaster) out.push(Number(name));
    } catch {
      // exited meanwhile
    }
  }
  return out;
}

function postmasterPid(dataDir: string): number {
  return Number(readFileSync(join(dataDir, "postmaster.pid"), "utf8").split("\n")[0]);
}

interface Measured {
  stepsPerS: number;
  p99Ms: number;
  clientCpuPerS: number;
  serverCpuPerS: number;
}

/** LOOPS episode loops against `base` for SECONDS; server CPU summed over `serverPids()`. */
async function measure(base: string, serverPids: () => number[], seedBase: number): Promise<Measured> {
  const stats: LoopStats = newStats();
  const until = Date.now() + SECONDS * 1000;
  const pids = serverPids();
  const cpu0 = pids.reduce((n, p) => n + cpuOf(p), 0);
  const me0 = process.cpuUsage();
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: LOOPS }, async (_, n) => {
      for (let e = 0; Date.now() < until; e++) {
        await playEpisode(base, "single_deal", seedBase + n * 1000 + e, `b-${seedBase}-${n}-${e}`, stats);
      }
    }),
  );
  const wall = (performance.now() - t0) / 1000;
  const me = process.cpuUsage(me0);
  const cpu1 = serverPids().reduce((n, p) => n + cpuOf(p), 0);
  const sorted = [...stats.latenciesMs].sort((a, b) => a - b);
  return {
    stepsPerS: stats.steps / wall,
    p99Ms: sorted[Math.floor(sorted.length * 0.99)] ?? 0,
    clientCpuPerS: (me.user + me.system) / 1e6 / wall,
    serverCpuPerS: (cpu1 - cpu0) / wall,
  };
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? 0;
};
const round = (x: number, d = 2): number => Math.round(x * 10 ** d) / 10 ** d;
const summary = (ms: Measured[]) => ({
  steps_per_s: round(median(ms.map((m) => m.stepsPerS)), 0),
  p99_ms: round(median(ms.map((m) => m.p99Ms))),
  client_cpu_s_per_s: round(median(ms.map((m) => m.clientCpuPerS))),
  server_cpu_s_per_s: round(median(ms.map((m) => m.serverCpuPerS))),
  runs: ms.map((m) => round(m.stepsPerS, 0)),
});

const pgServer = await startEmbeddedPg();
const postmaster = postmasterPid(pgServer.dataDir);
const [r1, r2] = await startReplicas(pgServer.url, 2, ["--max-sessions", "4096"]);
if (r1 === undefined || r2 === undefined) throw new Error("replicas did not start");
const sqliteFile = join(tmpdir(), `bazaar-bench-${process.pid}.db`);
const sqlite = await startServerProcess(["--db", sqliteFile, "--max-sessions", "4096"]);
const lb1 = await startHaproxy([r1]);
const lb2 = await startHaproxy([r1, r2]);
// Whatever happens, take the servers and balancers down with this script.
process.on("exit", () => {
  for (const p of [r1, r2, sqlite, lb1, lb2]) p.child.kill("SIGKILL");
});
const pid = (p: { child: { pid?: number } }) => p.child.pid ?? 0;

const runs: Record<"lb1" | "lb2" | "pg" | "sqlite", Measured[]> = { lb1: [], lb2: [], pg: [], sqlite: [] };
for (let k = 0; k < REPEATS; k++) {
  const seed = 10_000 * (k + 1);
  runs.lb1.push(await measure(lb1.url, () => [pid(r1), pid(lb1), ...postgresPids(postmaster)], seed));
  runs.lb2.push(
    await measure(lb2.url, () => [pid(r1), pid(r2), pid(lb2), ...postgresPids(postmaster)], seed + 1),
  );
  runs.pg.push(await measure(r1.url, () => [pid(r1), ...postgresPids(postmaster)], seed + 2));
  runs.sqlite.push(await measure(sqlite.url, () => [pid(sqlite)], seed + 3));
}

// Failover: load through lb2, kill r1, time to the first successful step of one of its sessions.
const failStats = newStats();
let killedAt = 0;
const failDeadline = Date.now() + 3 * SECONDS * 1000;
setTimeout(() => {
  killedAt = Date.now();
  failStats.okAfter = killedAt;
  failStats.firstOkAt.clear();
  r1.child.kill("SIGKILL");
}, SECONDS * 1000);
await Promise.all(
  Array.from({ length: LOOPS }, async (_, n) => {
    for (let e = 0; Date.now() < failDeadline; e++) {
      await playEpisode(lb2.url, "career_10", 90_000 + n * 100 + e, `f-${n}-${e}`, failStats, 100);
    }
  }),
);
const orphans = [...failStats.firstOkAt.entries()]
  .filter(([sid]) => sid.startsWith("r1."))
  .map(([, at]) => at - killedAt);

lb1.stop();
lb2.stop();
for (const p of [r2, sqlite]) p.child.kill("SIGTERM");
await pgServer.stop();
for (const suffix of ["", "-wal", "-shm"]) rmSync(`${sqliteFile}${suffix}`, { force: true });

const lb1s = summary(runs.lb1);
const lb2s = summary(runs.lb2);
const pgs = summary(runs.pg);
const sqls = summary(runs.sqlite);
const result = {
  bench: "scale",
  git_commit: gitCommit(),
  engine_version: ENGINE_VERSION,
  machine: { cpus: cpus().length, loadavg_1m_at_end: round(loadavg()[0] ?? 0) },
  settings: { seconds: SECONDS, repeats: REPEATS, loops: LOOPS, task: "single_deal", postgres_fsync: "on" },
  haproxy_1_replica: lb1s,
  haproxy_2_replicas: lb2s,
  haproxy_2_vs_1_ratio: round(lb2s.steps_per_s / Math.max(1, lb1s.steps_per_s)),
  direct_postgres: pgs,
  direct_sqlite: sqls,
  postgres_vs_sqlite_ratio: round(pgs.steps_per_s / Math.max(1, sqls.steps_per_s)),
  failover: {
    orphaned_sessions_resumed: orphans.length,
    kill_to_first_orphan_step_ms: orphans.length > 0 ? Math.min(...orphans) : null,
    kill_to_last_orphan_first_step_ms: orphans.length > 0 ? Math.max(...orphans) : null,
    retried_503: failStats.retried503,
    retried_network: failStats.retriedNetwork,
  },
};
process.stdout.write(`${JSON.stringify(result)}\n`);
process.exit(0);
