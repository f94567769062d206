/**
 * The live exchange's bar (issue 14): a real server process, 200 agents connected over WS,
 * 20 markets a second for 60 s; 0 lost or duplicated settlements, the ledger balanced, and the
 * public stream's p99 delivery ≤ 100 ms (tape entry `at`, the server's clock, to the moment
 * an SSE client on the same machine reads it). Prints a human line and, last, JSON.
 * Usage: npm run bench:exchange [-- --agents 200 --rate 20 --seconds 60 --market-ms 3000 --postgres]
 * With --postgres the server runs on an embedded Postgres (fsync on), where every exchange write
 * is mirrored before it is acknowledged (docs/scaling.md, "The exchange"), and the ledger is
 * checked in Postgres, the durable copy.
 *
 * Every market is offered to every agent (pushed on its socket); a few percent of agents,
 * chosen by a hash of (agent, market), engage: in request markets they submit a pitch the code
 * judge passes, in listings they accept the ask. "Lost" counts settlements an agent was told
 * it won, or the tape showed, that the ledger file does not hold (and the reverse);
 * "duplicated" counts (market, winner) pairs seen twice on the tape.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { Worker } from "node:worker_threads";
import Database from "better-sqlite3";
import pg from "pg";
import WebSocket from "ws";
import { startEmbeddedPg } from "../src/testing/embedded-pg";
import { startServerProcess } from "../src/testing/server-process";

/** The ledger's (market, winner) pairs, read from where the server stored them durably. */
async function ledgerKeys(): Promise<{ market_id: string; winner: string }[]> {
  const sql = "SELECT market_id, winner FROM ledger_entries";
  if (embedded !== null) {
    const client = new pg.Client(embedded.url);
    await client.connect();
    try {
      return (await client.query<{ market_id: string; winner: string }>(sql)).rows;
    } finally {
      await client.end();
    }
  }
  const db = new Database(dbPath, { readonly: true });
  try {
    return db.prepare(sql).all() as { market_id: string; winner: string }[];
  } finally {
    db.close();
  }
}

const { values } = parseArgs({
  options: {
    agents: { type: "string", default: "200" },
    rate: { type: "string", default: "20" },
    seconds: { type: "string", default: "60" },
    "market-ms": { type: "string", default: "3000" },
    "engage-pct": { type: "string", default: "3" },
    postgres: { type: "boolean", default: false },
  },
});
const AGENTS = Number(values.agents);
const RATE = Number(values.rate);
const SECONDS = Number(values.seconds);
const MARKET_MS = Number(values["market-ms"]);
const ENGAGE_PCT = Number(values["engage-pct"]);
const BAR_P99_MS = 100;

const dir = mkdtempSync(join(tmpdir(), "bazaar-exchange-bench-"));
const embedded = values.postgres ? await startEmbeddedPg() : null;
const dbPath = embedded?.url ?? join(dir, "exchange.db");
// BENCH_CPU_PROF=<dir> writes the server's CPU profile there (where the time goes under this load).
const server = await startServerProcess(["--db", dbPath], {
  nodeArgs: process.env.BENCH_CPU_PROF ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [],
});
const url = server.url;

async function post(path: string, body: unknown, token?: string): Promise<{ status: number; body: never }> {
  const r = await fetch(`${url}${path}`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      ...(token === undefined ? {} : { "x-agent-token": token }),
    },
    body: JSON.stringify(body),
  });
  return { status: r.status, body: (await r.json()) as never };
}

const fnv = (s: string): number => {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193) >>> 0;
  return h;
};

const requester = (await post("/agents", { name: "bench-requester" })).body as { token: string };
const agents: { agent_id: string; token: string }[] = [];
for (let i = 0; i < AGENTS; i++) agents.push((await post("/agents", { name: `bench-${i}` })).body);

const PITCH = "Vector files in three colours, two revisions included, delivery in five days flat.";
const won = new Set<string>();
const pushLatency: number[] = [];
/** Refusals by code: MARKET_CLOSED / LATE are expected (a market filled or closed before an agent's submit landed). */
const actErrors: Record<string, number> = {};
let frames = 0;

const sockets = await Promise.all(
  agents.map(
    (a) =>
      new Promise<WebSocket>((resolve, reject) => {
        const ws = new WebSocket(`${url.replace("http", "ws")}/agents/ws`, {
          headers: { "x-agent-token": a.token },
        });
        let next = 1;
        ws.on("message", (raw) => {
          frames++;
          // biome-ignore lint/suspicious/noExplicitAny: bench reads frames field by field
          const f = JSON.parse(String(raw)) as any;
          if (f.type === "error") actErrors[f.error.code] = (actErrors[f.error.code] ?? 0) + 1;
          if (f.type !== "inbox") return;
          const v = f.data.view;
          const id = v.market_id as string;
          if (v.me.decision === null && v.tape.length === 1) pushLatency.push(Date.now() - v.tape[0].at);
          if (v.kind === "request" && v.me.won) won.add(`${id}|${a.agent_id}`);
          if (v.kind === "listing" && v.me.thread?.status === "deal") won.add(`${id}|${a.agent_id}`);
          if (v.me.decision !== null || fnv(`${a.agent_id}:${id}`) % 100 >= ENGAGE_PCT) return;
          if (v.tape.at(-1)?.kind === "closed") return;
          const act = (action: unknown) =>
            ws.send(
              JSON.stringify({
                type: "act",
                id: next++,
                data: { market_id: id, action, client_key: `${next}` },
              }),
            );
          act({ type: "engage" });
          if (v.kind === "request")
            act({ type: "submit", price: 1000 + (fnv(a.agent_id) % 9000), pitch: PITCH });
          else act({ type: "accept", message: "I'll take it." });
        });
        ws.once("open", () => resolve(ws));
        ws.once("error", reject);
      }),
  ),
);

// The public stream, read the way a dashboard would, on its own thread (bench/tape-probe.mjs).
const probe = new Worker(new URL("./tape-probe.mjs", import.meta.url), { workerData: { url } });
type ProbeCount = { type: "count"; opened: number; closed: number };
type ProbeDone = {
  type: "done";
  settled: [string, number][];
  latency: number[];
  rows: number;
  outOfOrder: number;
  opened: number;
  closed: number;
};
const probeAsk = <T>(msg: string, type: string): Promise<T> =>
  new Promise((resolve) => {
    const on = (m: { type: string }) => {
      if (m.type !== type) return;
      probe.off("message", on);
      resolve(m as T);
    };
    probe.on("message", on);
    probe.postMessage(msg);
  });
// Start the load only once the probe is subscribed: replayed rows would count as late deliveries.
await new Promise<void>((resolve) => probe.once("message", () => resolve()));

// The load: RATE markets a second (every 10th a listing), for SECONDS.
const start = Date.now();
let openErrors = 0;
let inFlight = 0;
/** Opens waiting for an answer at most; past it the schedule slips (reported as markets_opened < rate × seconds). */
const MAX_IN_FLIGHT = 64;
let launched = 0;
const opens: Promise<void>[] = [];
while (Date.now() - start < SECONDS * 1000) {
  const due = Math.floor(((Date.now() - start) / 1000) * RATE);
  while (launched < due && inFlight < MAX_IN_FLIGHT) {
    const i = launched++;
    const body =
      i % 10 === 9
        ? { path: "/markets/listings", b: { goods: i % 8, units: 2, duration_ms: MARKET_MS } }
        : {
            path: "/markets/requests",
            b: {
              terms: {
                item: { name: "tea stall logo", kind: "service", description: "bench" },
                max_price: 10_000,
                top_n: 2,
                min_quality: 6,
                criteria: ["vector files", "two revisions", "delivery in five days"],
              },
              duration_ms: MARKET_MS,
            },
          };
    // A server that falls behind shows as open errors and a late schedule, not as a crash.
    inFlight++;
    opens.push(
      post(body.path, body.b, requester.token)
        .then((r) => {
          if (r.status !== 201) openErrors++;
        })
        .catch(() => {
          openErrors++;
        })
        .finally(() => {
          inFlight--;
        }),
    );
  }
  await new Promise((r) => setTimeout(r, 5));
}
await Promise.all(opens);
const loadS = (Date.now() - start) / 1000;
// Let the last markets reach their deadlines and the stream catch up.
await new Promise((r) => setTimeout(r, MARKET_MS + 1000));
for (let i = 0; i < 100; i++) {
  const c = await probeAsk<ProbeCount>("count", "count");
  if (c.closed >= c.opened) break;
  await new Promise((r) => setTimeout(r, 100));
}
const seen = await probeAsk<ProbeDone>("stop", "done");
await probe.terminate();
const tapeSettled = new Map(seen.settled);
const { latency: streamLatency, rows: tapeRows, outOfOrder, opened, closed } = seen;
const reconcile = (await (await fetch(`${url}/ledger/reconcile`)).json()) as {
  balanced: boolean;
  entries: number;
};
for (const ws of sockets) ws.close();
server.child.kill("SIGTERM");
await new Promise((r) => server.child.once("exit", r));

const ledger = new Set((await ledgerKeys()).map((r) => `${r.market_id}|${r.winner}`));
await embedded?.stop();
rmSync(dir, { recursive: true, force: true });

const missing = (from: Iterable<string>, inSet: Set<string>) => [...from].filter((k) => !inSet.has(k)).length;
const tapeKeys = new Set(tapeSettled.keys());
const lost = missing(won, ledger) + missing(tapeKeys, ledger) + missing(ledger, tapeKeys);
const duplicated = [...tapeSettled.values()].filter((n) => n > 1).length;
const pct = (xs: number[], p: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0
    ? Number.NaN
    : (s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] as number);
};
const p99 = pct(streamLatency, 99);
const result = {
  storage: embedded === null ? "sqlite" : "postgres (embedded, fsync on)",
  agents: AGENTS,
  rate_per_s: RATE,
  seconds: SECONDS,
  load_s: Math.round(loadS * 10) / 10,
  markets_opened: opened,
  markets_closed: closed,
  open_errors: openErrors,
  settlements: ledger.size,
  settlements_agents_saw: won.size,
  lost,
  duplicated,
  ledger_balanced: reconcile.balanced,
  tape_rows: tapeRows,
  tape_out_of_order: outOfOrder,
  stream_p50_ms: pct(streamLatency, 50),
  stream_p99_ms: p99,
  push_p99_ms: pct(pushLatency, 99),
  ws_frames: frames,
  act_errors: actErrors,
  bar_p99_ms: BAR_P99_MS,
  within_bar:
    lost === 0 &&
    duplicated === 0 &&
    reconcile.balanced &&
    p99 <= BAR_P99_MS &&
    opened >= RATE * SECONDS * 0.95,
};
console.log(
  `${AGENTS} agents, ${opened} markets in ${loadS.toFixed(1)} s: ${ledger.size} settlements, lost ${lost}, ` +
    `duplicated ${duplicated}, ledger ${reconcile.balanced ? "balanced" : "NOT balanced"}, stream p99 ${p99} ms`,
);
console.log(JSON.stringify(result));
