/**
 * Server throughput and latency, measured from a separate process over real sockets.
 *
 * Starts `bazaar serve` as a child process (persistence on, a temp SQLite file, default
 * settings otherwise), then drives it with keep-alive clients: 16 HTTP episode loops, 16
 * WebSocket loops (OpenEnv frames), /batch/step with 32 steps per request, and 1,024 open
 * sessions stepped round-robin (on a fresh server each time, for the memory figures: RSS, and the
 * live heap after a full collection read over the inspector, which GC timing does not move). Each
 * measurement runs five times, interleaved, and medians are reported: this shared 2-core VM swings
 * by ±25 % from one minute to the next. The last line of output is JSON.
 *
 * Switches: BENCH_SECONDS (per measurement, default 3); BENCH_REPEATS (default 5); BAZAAR_BENCH_PROFILE=1 runs the server
 * under --cpu-prof and prints its top functions by self time; BENCH_SHOW_STDERR=1 echoes the
 * server's log lines; BENCH_NODE_ARGS adds flags to the server's node; BENCH_ONLY=http,ws,batch,sessions
 * runs a subset (the others report 0).
 */
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { startChild } from "./server/child";
import { REPEATS, SECONDS } from "./server/config";
import { type CpuShare, profileSummary, withCpu } from "./server/cpu";
import { measureBatch, measureHttp, warmUp } from "./server/episode-loops";
import { HeapProbe } from "./server/heap-probe";
import { measureMany } from "./server/many-sessions";
import { measureWs } from "./server/ws-loops";
import { median, round } from "./stats";

const ROOT = new URL("..", import.meta.url).pathname;
/** BAZAAR_BENCH_PROFILE=1 runs the server under --cpu-prof and prints its top self-time functions. */
const PROFILE = process.env.BAZAAR_BENCH_PROFILE === "1";
/** BENCH_ONLY=ws,http runs only those measurements (for profiling one path); unset runs all. */
const ONLY = process.env.BENCH_ONLY ? new Set(process.env.BENCH_ONLY.split(",")) : null;

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), "bazaar-bench-"));
  const profileDir = PROFILE ? join(dir, "profile") : null;
  const { child, host, port } = await startChild(join(dir, "bench.db"), profileDir);
  const pid = child.pid as number;
  const hasWs = existsSync(join(ROOT, "src/transport/ws/openenv-ws.ts"));
  const runs: Record<string, number[]> = {
    http_steps_per_s: [],
    http_p99_ms: [],
    ws_steps_per_s: [],
    batch_steps_per_s: [],
    sessions_ok: [],
    sessions_p99_ms: [],
    rss_kb_per_session: [],
    heap_kb_per_session: [],
    http_server_cpu_us_per_step: [],
    ws_server_cpu_us_per_step: [],
    batch_server_cpu_us_per_step: [],
  };
  const cpu: Record<string, { client: number[]; server: number[]; main: number[] }> = {
    http: { client: [], server: [], main: [] },
    ws: { client: [], server: [], main: [] },
    batch: { client: [], server: [], main: [] },
    sessions: { client: [], server: [], main: [] },
  };
  /**
   * Server CPU time per step (all threads): steps/s moves with whatever else the machine runs, but
   * the work one step costs moves much less, so before/after comparisons on a busy VM use this.
   */
  const noteCostPerStep = (name: string, share: CpuShare, rate: number) => {
    if (rate > 0) runs[`${name}_server_cpu_us_per_step`]?.push((share.server / 100 / rate) * 1e6);
  };
  const noteCpu = (name: string, share: CpuShare) => {
    cpu[name]?.client.push(share.client);
    cpu[name]?.server.push(share.server);
    cpu[name]?.main.push(share.main);
  };
  let profileLines: string[] = [];
  try {
    // Warm-up: JIT, SQLite page cache and the first WAL pages, so run 1 is not an outlier.
    await measureHttp(host, port);
    for (let rep = 0; rep < REPEATS; rep++) {
      if (ONLY === null || ONLY.has("http")) {
        const h = await withCpu(pid, () => measureHttp(host, port));
        runs.http_steps_per_s!.push(h.rate);
        runs.http_p99_ms!.push(h.p99);
        noteCpu("http", h.cpu);
        noteCostPerStep("http", h.cpu, h.rate);
      }
      if (hasWs && (ONLY === null || ONLY.has("ws"))) {
        const w = await withCpu(pid, () => measureWs(host, port));
        runs.ws_steps_per_s!.push(w.rate);
        noteCpu("ws", w.cpu);
        noteCostPerStep("ws", w.cpu, w.rate);
      }
      if (ONLY === null || ONLY.has("batch")) {
        const b = await withCpu(pid, () => measureBatch(host, port));
        runs.batch_steps_per_s!.push(b.rate);
        noteCpu("batch", b.cpu);
        noteCostPerStep("batch", b.cpu, b.rate);
      }
      if (ONLY === null || ONLY.has("sessions")) {
        // A fresh server each time: RSS measured after other loads mostly moves with garbage
        // the collector has not returned yet (it once made the per-session figure negative).
        const fresh = await startChild(join(dir, `sessions-${rep}.db`), null, true);
        const freshPid = fresh.child.pid as number;
        const heap = fresh.debuggerUrl === null ? null : await HeapProbe.connect(fresh.debuggerUrl);
        try {
          await warmUp(fresh.host, fresh.port);
          const m = await withCpu(freshPid, () => measureMany(fresh.host, fresh.port, freshPid, heap));
          runs.sessions_ok!.push(m.ok);
          runs.sessions_p99_ms!.push(m.p99);
          runs.rss_kb_per_session!.push(m.rssPerSession);
          if (heap !== null) runs.heap_kb_per_session!.push(m.heapPerSession);
          noteCpu("sessions", m.cpu);
        } finally {
          heap?.close();
          fresh.child.kill("SIGTERM");
          await new Promise((r) => fresh.child.once("exit", r));
        }
      }
      process.stderr.write(`run ${rep + 1}/${REPEATS} done\n`);
    }
  } finally {
    child.kill("SIGTERM");
    await new Promise((r) => child.once("exit", r));
    if (profileDir !== null && existsSync(profileDir)) {
      // One profile per thread (tsx's loader and the checkpointer are threads too): the main
      // thread's is the largest.
      const files = readdirSync(profileDir)
        .filter((f) => f.endsWith(".cpuprofile"))
        .map((f) => join(profileDir, f))
        .sort((a, b) => statSync(b).size - statSync(a).size);
      if (files[0] !== undefined) profileLines = profileSummary(files[0], 40);
    }
    rmSync(dir, { recursive: true, force: true });
  }
  const result = {
    http_steps_per_s: round(median(runs.http_steps_per_s!), 0),
    http_p99_ms: round(median(runs.http_p99_ms!)),
    ws_steps_per_s: hasWs ? round(median(runs.ws_steps_per_s!), 0) : null,
    batch_steps_per_s: round(median(runs.batch_steps_per_s!), 0),
    sessions_ok: round(median(runs.sessions_ok!), 4),
    sessions_p99_ms: round(median(runs.sessions_p99_ms!)),
    rss_kb_per_session: round(median(runs.rss_kb_per_session!)),
    heap_kb_per_session: round(median(runs.heap_kb_per_session!)),
    http_server_cpu_us_per_step: round(median(runs.http_server_cpu_us_per_step!), 1),
    ws_server_cpu_us_per_step: hasWs ? round(median(runs.ws_server_cpu_us_per_step!), 1) : null,
    batch_server_cpu_us_per_step: round(median(runs.batch_server_cpu_us_per_step!), 1),
  };
  const bars: Record<string, string> = {
    http_steps_per_s: ">= 5000",
    http_p99_ms: "<= 10",
    ws_steps_per_s: ">= 15000",
    batch_steps_per_s: `>= ${round(2 * result.http_steps_per_s, 0)}`,
    sessions_ok: "= 1",
    sessions_p99_ms: "<= 50",
    rss_kb_per_session: "<= 50",
    heap_kb_per_session: "(live heap after GC: what a session keeps)",
    http_server_cpu_us_per_step: "(server CPU per step: compare trees by this on a busy machine)",
    ws_server_cpu_us_per_step: "",
    batch_server_cpu_us_per_step: "",
  };
  if (profileLines.length > 0) {
    console.log("server self time (top functions, whole run):");
    for (const line of profileLines) console.log(`  ${line}`);
  }
  console.log(`measurement                   median     runs (${REPEATS} x ${SECONDS}s)              bar`);
  for (const [k, v] of Object.entries(result)) {
    const all = (runs[k] ?? []).map((x) => round(x, k === "sessions_ok" ? 4 : 1)).join(", ");
    console.log(`${k.padEnd(29)} ${String(v).padStart(9)}   ${all.padEnd(32)} ${bars[k]}`);
  }
  console.log(
    "cpu, % of one core     client    server  (main)   (a client near 100 % caps the figure; main near 100 %: the event loop is the limit)",
  );
  for (const [k, v] of Object.entries(cpu)) {
    if (v.client.length === 0) continue;
    const col = (xs: number[]) => String(round(median(xs), 0)).padStart(6);
    console.log(`${k.padEnd(22)} ${col(v.client)}    ${col(v.server)}  (${col(v.main).trim()})`);
  }
  console.log(`load average (1 min) at end: ${round(loadavg()[0] ?? 0)} on ${cpus().length} cores`);
  console.log(JSON.stringify(result));
}

await main();
