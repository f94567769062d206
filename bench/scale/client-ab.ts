/**
 * tsx bench/scale/client-ab.ts — why the scale bench left fetch for node:http (issue #15).
 *
 * One SQLite-backed server; the scale bench's episode loops (32, single_deal, reset + steps with
 * request_id + close) driven alternately through node:http keep-alive and through Node's global
 * fetch, AB_REPEATS times each for AB_SECONDS. Reports steps/s and the client's CPU per request
 * (medians). The last line is JSON.
 */
import { rmSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { gitCommit } from "../../src/cli/eval/git-commit";
import { keepAliveAgent, type RawReply } from "../../src/client/http-request";
import { newStats, type PlayOptions, playEpisode } from "../../src/testing/episode-loop";
import { startServerProcess } from "../../src/testing/server-process";

const SECONDS = Number(process.env.AB_SECONDS ?? 3);
const REPEATS = Number(process.env.AB_REPEATS ?? 3);
const LOOPS = 32;

async function viaFetch(url: string, body: unknown): Promise<RawReply> {
  const r = await fetch(url, {
    method: "POST",
    body: JSON.stringify(body),
    headers: { "content-type": "application/json" },
  });
  return { status: r.status, retryAfter: r.headers.get("retry-after"), text: await r.text() };
}

async function run(base: string, client: "node:http" | "fetch", seedBase: number) {
  const agent = keepAliveAgent(LOOPS);
  const opts: PlayOptions = { close: true, agent, send: client === "fetch" ? viaFetch : null };
  const stats = newStats();
  let episodes = 0;
  const until = Date.now() + SECONDS * 1000;
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: LOOPS }, async (_, n) => {
      for (let e = 0; Date.now() < until; e++) {
        const seed = seedBase + n * 1000 + e;
        await playEpisode(base, "single_deal", seed, `ab-${seedBase}-${n}-${e}`, stats, opts);
        episodes++;
      }
    }),
  );
  const wall = (performance.now() - t0) / 1000;
  const c = process.cpuUsage(c0);
  const requests = stats.steps + 2 * episodes; // each episode: reset, its steps, close
  agent.destroy();
  return { stepsPerS: stats.steps / wall, clientUsPerRequest: (c.user + c.system) / requests };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const file = join(tmpdir(), `bazaar-ab-${process.pid}.db`);
const server = await startServerProcess(["--db", file, "--max-sessions", "4096"]);
const loadAtStart = loadavg()[0] ?? 0;
await run(server.url, "node:http", 1); // warm-up
const out: Record<string, { stepsPerS: number[]; us: number[] }> = {
  "node:http": { stepsPerS: [], us: [] },
  fetch: { stepsPerS: [], us: [] },
};
for (let k = 0; k < REPEATS; k++) {
  for (const client of ["node:http", "fetch"] as const) {
    const r = await run(server.url, client, 100_000 * (k + 1) + (client === "fetch" ? 50_000 : 0));
    out[client]?.stepsPerS.push(Math.round(r.stepsPerS));
    out[client]?.us.push(Math.round(r.clientUsPerRequest));
  }
}
server.child.kill("SIGTERM");
for (const suffix of ["", "-wal", "-shm"]) rmSync(`${file}${suffix}`, { force: true });
const summary = (k: string) => ({
  steps_per_s: median(out[k]?.stepsPerS ?? []),
  client_cpu_us_per_request: median(out[k]?.us ?? []),
  runs_steps_per_s: out[k]?.stepsPerS,
});
process.stdout.write(
  `${JSON.stringify({
    bench: "scale-client-ab",
    git_commit: gitCommit(),
    node: process.version,
    settings: { seconds: SECONDS, repeats: REPEATS, loops: LOOPS, task: "single_deal", db: "SQLite file" },
    machine: { cpus: cpus().length, loadavg_1m_at_start: loadAtStart, loadavg_1m_at_end: loadavg()[0] ?? 0 },
    node_http: summary("node:http"),
    fetch: summary("fetch"),
  })}\n`,
);
process.exit(0);
