/**
 * Server throughput and latency, measured from a separate process over real sockets.
 *
 * Starts `bazaar serve` as a child process (persistence on, a temp SQLite file, default
 * settings otherwise), then drives it with keep-alive clients: 16 HTTP episode loops, 16
 * WebSocket loops (OpenEnv frames), /batch/step with 32 steps per request, and 1,024 open
 * sessions stepped round-robin (on a fresh server each time, for the memory figure). Each
 * measurement runs five times, interleaved, and medians are reported: this shared 2-core VM swings
 * by ±25 % from one minute to the next. The last line of output is JSON.
 *
 * Switches: BENCH_SECONDS (per measurement, default 3); BENCH_REPEATS (default 5); BAZAAR_BENCH_PROFILE=1 runs the server
 * under --cpu-prof and prints its top functions by self time; BENCH_SHOW_STDERR=1 echoes the
 * server's log lines; BENCH_NODE_ARGS adds flags to the server's node; BENCH_ONLY=http,ws,batch,sessions
 * runs a subset (the others report 0).
 */
import type { ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { Agent, request } from "node:http";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import WebSocket from "ws";
import { startServerProcess } from "../src/testing/server-process";

const ROOT = new URL("..", import.meta.url).pathname;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const REPEATS = Number(process.env.BENCH_REPEATS ?? 5);
const LOOPS = 16;
const BATCH = 32;
const MANY = 1024;
/** BAZAAR_BENCH_PROFILE=1 runs the server under --cpu-prof and prints its top self-time functions. */
const PROFILE = process.env.BAZAAR_BENCH_PROFILE === "1";
/** BENCH_ONLY=ws,http runs only those measurements (for profiling one path); unset runs all. */
const ONLY = process.env.BENCH_ONLY ? new Set(process.env.BENCH_ONLY.split(",")) : null;

interface Json {
  [k: string]: unknown;
}

interface Reply {
  status: number;
  body: Json;
}

class HttpClient {
  private readonly agent: Agent;
  constructor(
    private readonly host: string,
    private readonly port: number,
    sockets: number,
  ) {
    this.agent = new Agent({ keepAlive: true, maxSockets: sockets });
  }

  call(method: "GET" | "POST", path: string, body?: unknown): Promise<Reply> {
    return new Promise((resolve, reject) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const req = request(
        {
          host: this.host,
          port: this.port,
          method,
          path,
          agent: this.agent,
          headers:
            payload === undefined
              ? {}
              : { "content-type": "application/json", "content-length": Buffer.byteLength(payload) },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () => {
            try {
              resolve({
                status: res.statusCode ?? 0,
                body: JSON.parse(Buffer.concat(chunks).toString("utf8")) as Json,
              });
            } catch (err) {
              reject(err);
            }
          });
        },
      );
      req.on("error", reject);
      req.end(payload);
    });
  }

  destroy(): void {
    this.agent.destroy();
  }
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? 0 : (s[Math.floor((s.length - 1) / 2)] as number);
};
const p99 = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? 0 : (s[Math.min(s.length - 1, Math.floor(0.99 * s.length))] as number);
};
const round = (x: number, d = 2): number => Math.round(x * 10 ** d) / 10 ** d;

function rssKb(pid: number): number {
  const m = /VmRSS:\s+(\d+)\s+kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return m ? Number(m[1]) : 0;
}

/** User+system CPU seconds used so far, from a /proc stat file (clock ticks at 100 Hz). */
function cpuSecondsIn(statFile: string): number {
  const stat = readFileSync(statFile, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100;
}
/** The whole server process: every thread (event loop, SQLite writer, checkpointer, GC helpers). */
const serverCpuS = (pid: number): number => cpuSecondsIn(`/proc/${pid}/stat`);
/** The server's event-loop thread alone (its thread id is the process id). */
const mainThreadCpuS = (pid: number): number => cpuSecondsIn(`/proc/${pid}/task/${pid}/stat`);

interface CpuShare {
  /** Percent of one core used by this bench process (the client) while measuring. */
  client: number;
  /** Percent of one core used by the server process, all threads together. */
  server: number;
  /** Percent of one core used by the server's event-loop thread: near 100 % means it is the limit. */
  main: number;
}

/**
 * Runs one measurement and reports how busy each side was. On a 2-core machine a client near
 * 100 % means the figure is capped by the load generator, not by the server.
 */
async function withCpu<T>(pid: number, fn: () => Promise<T>): Promise<T & { cpu: CpuShare }> {
  const c0 = process.cpuUsage();
  const s0 = serverCpuS(pid);
  const m0 = mainThreadCpuS(pid);
  const t0 = performance.now();
  const value = await fn();
  const wall = (performance.now() - t0) / 1000;
  const c = process.cpuUsage(c0);
  return {
    ...value,
    cpu: {
      client: ((c.user + c.system) / 1e6 / wall) * 100,
      server: ((serverCpuS(pid) - s0) / wall) * 100,
      main: ((mainThreadCpuS(pid) - m0) / wall) * 100,
    },
  };
}

/** Self time per function from a V8 .cpuprofile, largest first. */
function profileSummary(file: string, top: number): string[] {
  const prof = JSON.parse(readFileSync(file, "utf8")) as {
    nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
    samples: number[];
    timeDeltas: number[];
  };
  const byId = new Map(prof.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  let total = 0;
  prof.samples.forEach((id, i) => {
    const dt = prof.timeDeltas[i] ?? 0;
    total += dt;
    const f = byId.get(id)?.callFrame;
    const where = f?.url
      ? `${f.url.replace(/^.*\/(node_modules|work\/main)\//, "")}:${f.lineNumber + 1}`
      : "";
    const key = `${f?.functionName || "(anonymous)"} ${where}`;
    self.set(key, (self.get(key) ?? 0) + dt);
  });
  return [...self.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([k, us]) => `${((100 * us) / total).toFixed(1).padStart(5)}%  ${k}`);
}

/** A buyer that bids up from 40 % of the ask in small steps, so episodes last several rounds. */
function nextAction(obs: Json, k: number): Json {
  const ask = Number(obs.opponent_last_offer ?? obs.seller_asking_price);
  return { type: "offer", price: round(ask * (0.4 + 0.05 * k)), message: "How about this?" };
}

async function startChild(
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

interface LoopStats {
  steps: number;
  errors: number;
  latencies: number[];
}

/** One buyer playing episodes back to back over HTTP until the deadline. */
async function httpLoop(client: HttpClient, seed: number, until: number, stats: LoopStats): Promise<void> {
  let reset = await client.call("POST", "/reset", { seed });
  const sid = reset.body.session_id as string;
  let obs = reset.body.observation as Json;
  let k = 0;
  while (performance.now() < until) {
    const t0 = performance.now();
    const r = await client.call("POST", "/step", { session_id: sid, action: nextAction(obs, k++) });
    stats.latencies.push(performance.now() - t0);
    if (r.status !== 200) {
      stats.errors++;
      continue;
    }
    stats.steps++;
    obs = r.body.observation as Json;
    if (r.body.done === true) {
      reset = await client.call("POST", "/reset", { session_id: sid, seed: ++seed });
      obs = reset.body.observation as Json;
      k = 0;
    }
  }
  await client.call("POST", "/close", { session_id: sid });
}

async function measureHttp(host: string, port: number): Promise<{ rate: number; p99: number }> {
  const client = new HttpClient(host, port, LOOPS);
  const stats: LoopStats = { steps: 0, errors: 0, latencies: [] };
  const t0 = performance.now();
  const until = t0 + SECONDS * 1000;
  await Promise.all(Array.from({ length: LOOPS }, (_, i) => httpLoop(client, 1000 + i * 97, until, stats)));
  const elapsed = (performance.now() - t0) / 1000;
  client.destroy();
  return { rate: stats.steps / elapsed, p99: p99(stats.latencies) };
}

/** Batches of 32 steps per request; finished sessions are reset in place through /batch/reset. */
async function batchLoop(client: HttpClient, seed: number, until: number, stats: LoopStats): Promise<void> {
  const opened = await client.call("POST", "/batch/reset", { count: BATCH, seeds: seed });
  const items = opened.body.results as Json[];
  const sids = items.map((r) => r.session_id as string);
  const obs = items.map((r) => r.observation as Json);
  const ks = sids.map(() => 0);
  while (performance.now() < until) {
    const steps = sids.map((session_id, i) => ({ session_id, action: nextAction(obs[i] as Json, ks[i]!++) }));
    const r = await client.call("POST", "/batch/step", { steps });
    const results = r.body.results as Json[];
    const done: number[] = [];
    results.forEach((res, i) => {
      if (res.error !== undefined) stats.errors++;
      else {
        stats.steps++;
        obs[i] = res.observation as Json;
        if (res.done === true) done.push(i);
      }
    });
    if (done.length > 0) {
      const again = await client.call("POST", "/batch/reset", { session_ids: done.map((i) => sids[i]) });
      (again.body.results as Json[]).forEach((res, j) => {
        const i = done[j] as number;
        obs[i] = res.observation as Json;
        ks[i] = 0;
      });
    }
  }
  await Promise.all(sids.map((session_id) => client.call("POST", "/close", { session_id })));
}

async function measureBatch(host: string, port: number): Promise<{ rate: number }> {
  const loops = 4;
  const client = new HttpClient(host, port, loops);
  const stats: LoopStats = { steps: 0, errors: 0, latencies: [] };
  const t0 = performance.now();
  const until = t0 + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: loops }, (_, i) => batchLoop(client, 5000 + i * 1000, until, stats)),
  );
  const elapsed = (performance.now() - t0) / 1000;
  client.destroy();
  return { rate: stats.steps / elapsed };
}

/** A short HTTP load so the JIT has compiled the hot paths before memory is measured. */
async function warmUp(host: string, port: number): Promise<void> {
  const client = new HttpClient(host, port, LOOPS);
  const stats: LoopStats = { steps: 0, errors: 0, latencies: [] };
  const until = performance.now() + 1000;
  await Promise.all(Array.from({ length: LOOPS }, (_, i) => httpLoop(client, 70_000 + i * 97, until, stats)));
  client.destroy();
}

/**
 * `count` open sessions; 64 workers step them round-robin, so every session stays active.
 * Returns the server's RSS while they are all open, before closing them.
 */
async function stepMany(
  host: string,
  port: number,
  pid: number,
  count: number,
): Promise<{ ok: number; p99: number; rssKb: number }> {
  const client = new HttpClient(host, port, 64);
  const sids: string[] = [];
  const obs: Json[] = [];
  for (let b = 0; b < count / BATCH; b++) {
    const r = await client.call("POST", "/batch/reset", { count: BATCH, seeds: 90_000 + b * BATCH });
    for (const item of r.body.results as Json[]) {
      sids.push(item.session_id as string);
      obs.push(item.observation as Json);
    }
  }
  const ks = sids.map(() => 0);
  let attempts = 0;
  let ok = 0;
  const latencies: number[] = [];
  const until = performance.now() + SECONDS * 1000;
  const worker = async (w: number) => {
    const mine = sids.map((_, i) => i).filter((i) => i % 64 === w);
    for (let n = 0; performance.now() < until || n < mine.length; n++) {
      const i = mine[n % mine.length] as number;
      const t0 = performance.now();
      attempts++;
      const r = await client.call("POST", "/step", {
        session_id: sids[i],
        action: nextAction(obs[i] as Json, ks[i]!++),
      });
      latencies.push(performance.now() - t0);
      if (r.status !== 200) continue;
      ok++;
      obs[i] = r.body.observation as Json;
      if (r.body.done === true) {
        const again = await client.call("POST", "/reset", { session_id: sids[i] });
        obs[i] = again.body.observation as Json;
        ks[i] = 0;
      }
    }
  };
  await Promise.all(Array.from({ length: 64 }, (_, w) => worker(w)));
  const rss = rssKb(pid);
  await Promise.all(sids.map((session_id) => client.call("POST", "/close", { session_id })));
  client.destroy();
  return { ok: attempts === 0 ? 0 : ok / attempts, p99: p99(latencies), rssKb: rss };
}

/** Sessions in the memory comparison's small run: the same load, spread over few sessions. */
const FEW = 64;

/**
 * 1,024 concurrent sessions. Memory per session is a difference between two runs of the same
 * load on the same fresh server, first over 64 sessions, then over 1,024: the heap's growth
 * under load (young generation, allocation headroom) is in both and cancels; what remains is
 * what the extra 960 sessions hold.
 */
async function measureMany(
  host: string,
  port: number,
  pid: number,
): Promise<{ ok: number; p99: number; rssPerSession: number }> {
  const few = await stepMany(host, port, pid, FEW);
  const many = await stepMany(host, port, pid, MANY);
  return { ok: many.ok, p99: many.p99, rssPerSession: (many.rssKb - few.rssKb) / (MANY - FEW) };
}

/** 16 WebSocket connections, each one OpenEnv session, playing episodes back to back. */
async function measureWs(host: string, port: number): Promise<{ rate: number }> {
  let steps = 0;
  const t0 = performance.now();
  const until = t0 + SECONDS * 1000;
  const loop = async (seed: number) => {
    const ws = new WebSocket(`ws://${host}:${port}/ws`, { perMessageDeflate: false });
    await new Promise<void>((resolve, reject) => {
      ws.once("open", () => resolve());
      ws.once("error", reject);
    });
    const pending: ((frame: Json) => void)[] = [];
    ws.on("message", (data) => pending.shift()?.(JSON.parse(String(data)) as Json));
    const send = (frame: Json) =>
      new Promise<Json>((resolve) => {
        pending.push(resolve);
        ws.send(JSON.stringify(frame));
      });
    let reply = await send({ type: "reset", data: { seed } });
    let k = 0;
    while (performance.now() < until) {
      const data = reply.data as Json;
      reply = await send({ type: "step", data: nextAction(data.observation as Json, k++) });
      if (reply.type !== "observation") continue;
      steps++;
      if ((reply.data as Json).done === true) {
        reply = await send({ type: "reset", data: { seed: ++seed } });
        k = 0;
      }
    }
    ws.close();
  };
  await Promise.all(Array.from({ length: LOOPS }, (_, i) => loop(20_000 + i * 97)));
  return { rate: steps / ((performance.now() - t0) / 1000) };
}

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
  };
  const cpu: Record<string, { client: number[]; server: number[]; main: number[] }> = {
    http: { client: [], server: [], main: [] },
    ws: { client: [], server: [], main: [] },
    batch: { client: [], server: [], main: [] },
    sessions: { client: [], server: [], main: [] },
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
      }
      if (hasWs && (ONLY === null || ONLY.has("ws"))) {
        const w = await withCpu(pid, () => measureWs(host, port));
        runs.ws_steps_per_s!.push(w.rate);
        noteCpu("ws", w.cpu);
      }
      if (ONLY === null || ONLY.has("batch")) {
        const b = await withCpu(pid, () => measureBatch(host, port));
        runs.batch_steps_per_s!.push(b.rate);
        noteCpu("batch", b.cpu);
      }
      if (ONLY === null || ONLY.has("sessions")) {
        // A fresh server each time: RSS measured after other loads mostly moves with garbage
        // the collector has not returned yet (it once made the per-session figure negative).
        const fresh = await startChild(join(dir, `sessions-${rep}.db`), null);
        const freshPid = fresh.child.pid as number;
        try {
          await warmUp(fresh.host, fresh.port);
          const m = await withCpu(freshPid, () => measureMany(fresh.host, fresh.port, freshPid));
          runs.sessions_ok!.push(m.ok);
          runs.sessions_p99_ms!.push(m.p99);
          runs.rss_kb_per_session!.push(m.rssPerSession);
          noteCpu("sessions", m.cpu);
        } finally {
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
  };
  const bars: Record<string, string> = {
    http_steps_per_s: ">= 5000",
    http_p99_ms: "<= 10",
    ws_steps_per_s: ">= 15000",
    batch_steps_per_s: `>= ${round(2 * result.http_steps_per_s, 0)}`,
    sessions_ok: "= 1",
    sessions_p99_ms: "<= 50",
    rss_kb_per_session: "<= 50",
  };
  if (profileLines.length > 0) {
    console.log("server self time (top functions, whole run):");
    for (const line of profileLines) console.log(`  ${line}`);
  }
  console.log(`measurement            median     runs (${REPEATS} x ${SECONDS}s)              bar`);
  for (const [k, v] of Object.entries(result)) {
    const all = (runs[k] ?? []).map((x) => round(x, k === "sessions_ok" ? 4 : 1)).join(", ");
    console.log(`${k.padEnd(22)} ${String(v).padStart(9)}   ${all.padEnd(32)} ${bars[k]}`);
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
