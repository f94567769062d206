/**
 * Part of `npm run test:scale`: `bazaar serve --replicas 2` as a user runs it, with real
 * processes (embedded Postgres, two replicas, HAProxy; haproxy installed with apt-get if missing).
 * 1. It prints the balancer's address; episodes played through it land on both replicas; SIGTERM
 *    drains everything: exit 0, no replica or HAProxy left, the port free.
 * 2. Started again, one replica is killed with SIGKILL: the supervisor says so and restarts
 *    nothing; a session the dead replica held is stepped through the balancer (taken over after
 *    --lease-ttl 2); SIGTERM then exits 1, because a replica died during the run.
 * 0. HAProxy's own 503, with no replica to send to, and its 502, from a replica that drops the
 *    connection mid-request, are JSON with Retry-After.
 * 3. Started again, the supervisor itself is killed with SIGKILL: the replicas see their stdin
 *    pipe close and drain themselves (HAProxy, which cannot watch a pipe, is stopped here).
 * Prints JSON last; exit 1 when a check fails.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { haproxyConfig } from "../src/cli/haproxy-config";
import { ensureHaproxy } from "../src/testing/cluster";
import { freePort, startEmbeddedPg } from "../src/testing/embedded-pg";
import { newStats, playEpisode } from "../src/testing/episode-loop";
import { postJson } from "../src/testing/post-json";

const ROOT = new URL("..", import.meta.url).pathname;
const checks: Record<string, boolean> = {};
const check = (name: string, ok: boolean) => {
  checks[name] = ok;
  if (!ok) process.stderr.write(`FAILED: ${name}\n`);
};

interface Supervisor {
  child: ChildProcess;
  url: string;
  port: number;
  stderr: () => string;
  exited: Promise<number | null>;
}

async function startSupervisor(dbUrl: string, haproxy: string): Promise<Supervisor> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [
      "--import",
      "tsx",
      "src/cli/main.ts",
      "serve",
      "--replicas",
      "2",
      "--host",
      "127.0.0.1",
      "--port",
      String(port),
      "--drain-grace",
      "1",
      "--lease-ttl",
      "2",
    ],
    {
      cwd: ROOT,
      env: { ...process.env, BAZAAR_DB: dbUrl, BAZAAR_HAPROXY: haproxy, LOG_LEVEL: "warn" },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let err = "";
  child.stderr?.on("data", (d) => {
    err += String(d);
  });
  const exited = new Promise<number | null>((r) => child.once("exit", (code) => r(code)));
  const url = await new Promise<string>((resolve, reject) => {
    let out = "";
    child.stdout?.on("data", (d) => {
      out += String(d);
      const m = / at (http:\/\/\S+) /.exec(out);
      if (m?.[1] !== undefined) resolve(m[1]);
    });
    void exited.then((code) =>
      reject(new Error(`supervisor exited (${code}) before printing its address:\n${err}`)),
    );
  });
  return { child, url, port, stderr: () => err, exited };
}

/** Running processes (zombies left out) whose parent is `pid`, with their command lines. */
function childrenOf(pid: number): { pid: number; cmd: string }[] {
  const out: { pid: number; cmd: string }[] = [];
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, "utf8");
      const [state, ppid] = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (Number(ppid) !== pid || state === "Z") continue;
      out.push({ pid: Number(name), cmd: readFileSync(`/proc/${name}/cmdline`, "utf8").replace(/\0/g, " ") });
    } catch {
      // gone meanwhile
    }
  }
  return out;
}

/** Running, and not a zombie waiting for a parent (pid 1 in a container may never reap it). */
const alive = (pid: number) => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[0] !== "Z";
  } catch {
    return false;
  }
};

const portFree = async (port: number) => {
  try {
    await fetch(`http://127.0.0.1:${port}/health`);
    return false;
  } catch {
    return true;
  }
};

ensureHaproxy();
const haproxy = (await import("node:child_process"))
  .execFileSync("sh", ["-c", "command -v haproxy || ls /usr/sbin/haproxy"], { encoding: "utf8" })
  .trim();

/** HAProxy configured for one replica at `backendPort`, and its first answer to a POST /reset. */
async function haproxyAnswer(
  backendPort: number,
): Promise<{ status: number; retryAfter: string | null; code: string | undefined } | null> {
  const dir = mkdtempSync(join(tmpdir(), "bazaar-lb-"));
  const port = await freePort();
  const cfg = join(dir, "haproxy.cfg");
  writeFileSync(
    cfg,
    haproxyConfig({
      bind: `127.0.0.1:${port}`,
      replicas: [{ id: "r1", address: `127.0.0.1:${backendPort}` }],
    }),
  );
  const lb = spawn(haproxy, ["-db", "-f", cfg], { stdio: "ignore" });
  let r: Response | null = null;
  for (let i = 0; i < 50 && r === null; i++) {
    r = await fetch(`http://127.0.0.1:${port}/reset`, { method: "POST", body: "{}" }).catch(() => null);
    if (r === null) await new Promise((res) => setTimeout(res, 100));
  }
  const answer =
    r === null
      ? null
      : {
          status: r.status,
          retryAfter: r.headers.get("retry-after"),
          code: ((await r.json()) as { error?: { code?: string } }).error?.code,
        };
  lb.kill("SIGTERM");
  rmSync(dir, { recursive: true, force: true });
  return answer;
}

// 0. No replica listening: HAProxy answers itself.
{
  const r = await haproxyAnswer(await freePort());
  check("HAProxy's own 503 is JSON", r?.status === 503 && r.code === "NO_REPLICA_READY");
  check("HAProxy's own 503 carries Retry-After", r?.retryAfter === "2");
}

// 0b. A replica that is ready but drops the connection mid-request: HAProxy's own 502 is JSON.
{
  const backend = createServer((req, res) => {
    if (req.url === "/ready") res.end("{}");
    else req.socket.destroy();
  });
  const backendPort = await freePort();
  await new Promise<void>((r) => backend.listen(backendPort, "127.0.0.1", r));
  const r = await haproxyAnswer(backendPort);
  check("HAProxy's own 502 is JSON", r?.status === 502 && r.code === "REPLICA_FAILED");
  check("HAProxy's own 502 carries Retry-After", r?.retryAfter === "1");
  backend.close();
}

const db = await startEmbeddedPg();
const stats = newStats();

// 1. Start, play through the balancer, drain with SIGTERM.
const one = await startSupervisor(db.url, haproxy);
const kids = childrenOf(one.child.pid as number);
if (kids.length !== 3) process.stderr.write(`children: ${JSON.stringify(kids)}\n`);
check("two replicas and haproxy run under the supervisor", kids.length === 3);
const played = await Promise.all(
  Array.from({ length: 8 }, (_, i) => playEpisode(one.url, "single_deal", 500 + i, `sr-${i}`, stats)),
);
const prefixes = new Set(played.map((p) => p.sessionId.split(".")[0]));
check("sessions land on both replicas", prefixes.has("r1") && prefixes.has("r2"));
// A batch goes whole to the replica of its first session: every item is stepped, repeatedly.
const opened = JSON.parse((await postJson(`${one.url}/batch/reset`, { count: 4, seed: 70 })).text) as {
  results: { session_id: string }[];
};
const batchIds = opened.results.map((r) => r.session_id);
let batchOk = true;
for (let k = 0; k < 4; k++) {
  const r = await postJson(`${one.url}/batch/step`, {
    steps: batchIds.map((session_id) => ({ session_id, action: { type: "offer", price: 1 } })),
  });
  const results = JSON.parse(r.text).results as { status?: number }[];
  batchOk &&= r.status === 200 && results.every((x) => x.status === undefined);
}
check("a batch is routed to the replica holding its sessions", batchOk && batchIds.length === 4);
// The exchange lives on one replica: an agent registered through the balancer is known on every call.
const agent = JSON.parse((await postJson(`${one.url}/agents`, { name: "probe" })).text) as { token: string };
const seen = await Promise.all(
  Array.from({ length: 6 }, () =>
    fetch(`${one.url}/agents/me`, { headers: { "x-agent-token": agent.token } }),
  ),
);
check(
  "the exchange's routes all reach one replica",
  seen.every((r) => r.status === 200),
);
const t0 = Date.now();
one.child.kill("SIGTERM");
const code1 = await one.exited;
const drainMs = Date.now() - t0;
check("SIGTERM drains and exits 0", code1 === 0);
check(
  "no replica or haproxy left after SIGTERM",
  kids.every((k) => !alive(k.pid)),
);
check("the balancer's port is free again", await portFree(one.port));

// 2. Start again, kill a replica: reported, not restarted, its session taken over.
const two = await startSupervisor(db.url, haproxy);
const r1 = childrenOf(two.child.pid as number).find((k) => k.cmd.includes("--replica-id r1"));
let held = await postJson(`${two.url}/reset`, { task: "career_10", seed: 9 });
for (let i = 0; i < 20 && !JSON.parse(held.text).session_id.startsWith("r1."); i++)
  held = await postJson(`${two.url}/reset`, { task: "career_10", seed: 9 });
const heldId = JSON.parse(held.text).session_id as string;
check("a session held by r1", heldId.startsWith("r1.") && r1 !== undefined);
const killedAt = Date.now();
if (r1 !== undefined) process.kill(r1.pid, "SIGKILL");
let stepped: { status: number } = { status: 0 };
for (let i = 0; i < 100 && stepped.status !== 200; i++) {
  // A connection HAProxy had open to the killed replica may fail once: a client retries it.
  stepped = await postJson(`${two.url}/step`, {
    session_id: heldId,
    action: { type: "walk" },
    request_id: "a",
  }).catch(() => ({ status: 0 }));
  if (stepped.status !== 200) await new Promise((r) => setTimeout(r, 200));
}
const takeoverMs = Date.now() - killedAt;
check("the dead replica's session is stepped through the balancer", stepped.status === 200);
check(
  "the supervisor says the replica died and is not restarted",
  two.stderr().includes("replica r1 exited (SIGKILL) and is not restarted; 1 left"),
);
check(
  "nothing restarted r1",
  !childrenOf(two.child.pid as number).some((k) => k.cmd.includes("--replica-id r1")),
);
two.child.kill("SIGTERM");
check("SIGTERM after a replica died exits 1", (await two.exited) === 1);

// 3. The supervisor killed outright: its replicas stop by themselves.
const three = await startSupervisor(db.url, haproxy);
const orphans = childrenOf(three.child.pid as number);
three.child.kill("SIGKILL");
await three.exited;
const replicaPids = orphans.filter((k) => k.cmd.includes("--replica-id")).map((k) => k.pid);
const orphanDeadline = Date.now() + 30_000;
while (replicaPids.some(alive) && Date.now() < orphanDeadline) await new Promise((r) => setTimeout(r, 200));
check(
  "replicas stop by themselves when the supervisor is killed",
  replicaPids.length === 2 && !replicaPids.some(alive),
);
for (const k of orphans) if (alive(k.pid)) process.kill(k.pid, "SIGKILL");
await db.stop();

const result = {
  ok: Object.values(checks).every(Boolean),
  checks,
  episodes: played.length,
  drain_exit_ms: drainMs,
  kill_to_orphan_step_ms: takeoverMs,
};
process.stdout.write(`${JSON.stringify(result)}\n`);
process.exit(result.ok ? 0 : 1);
