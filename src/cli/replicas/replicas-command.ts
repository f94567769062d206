import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import type { ServerConfig } from "../../config/config";
import { redactUrl } from "../../storage/pg/open-pg";
import { haproxyConfig, haproxyThreadsFor } from "../haproxy-config";
import { findHaproxy } from "./haproxy-binary";
import { replicaEnv, replicaPlans, replicasProblem } from "./replica-argv";
import {
  loopbackPorts,
  type Supervised,
  spawnHaproxy,
  spawnReplica,
  stopProcess,
  untilReady,
} from "./supervisor";

const say = (line: string) => process.stderr.write(`bazaar serve: ${line}\n`);

/** The address clients use: a wildcard bind is reached on loopback from this machine. */
function clientUrl(host: string, port: number): string {
  const h = host === "0.0.0.0" || host === "::" ? "127.0.0.1" : host.includes(":") ? `[${host}]` : host;
  return `http://${h}:${port}`;
}

/**
 * `bazaar serve --replicas N`: N `bazaar serve` processes (r1…rN, loopback ports, one Postgres)
 * behind HAProxy on --host/--port, configured by haproxyConfig(). Nothing is restarted: a replica
 * that dies is reported and HAProxy sends its sessions to the others (they take the leases over);
 * when none is left, or HAProxy dies, everything stops with exit 1. SIGTERM/SIGINT drain every
 * replica (they finish their requests, commit and exit 0), then HAProxy stops; exit 0 when every
 * replica exited 0.
 */
export async function replicasCommand(
  args: readonly string[],
  config: ServerConfig,
  env: NodeJS.ProcessEnv = process.env,
): Promise<number> {
  const n = config.replicas ?? 1;
  const problem = replicasProblem(config);
  if (problem !== null) {
    say(problem);
    return 2;
  }
  const bin = findHaproxy(env);
  if ("problem" in bin) {
    say(bin.problem);
    return 1;
  }
  const [lbPort, ...ports] = await loopbackPorts(n + 1);
  const port = config.port === 0 ? (lbPort as number) : config.port;
  const plans = replicaPlans(args, config, ports);
  const dir = mkdtempSync(join(tmpdir(), "bazaar-replicas-"));
  const cfgFile = join(dir, "haproxy.cfg");
  writeFileSync(
    cfgFile,
    haproxyConfig({
      bind: `${config.host}:${port}`,
      replicas: plans.map((p) => ({ id: p.id, address: `127.0.0.1:${p.port}` })),
      threads: haproxyThreadsFor(availableParallelism()),
    }),
  );
  const childEnv = replicaEnv(env, config);
  const replicas = plans.map((p) => spawnReplica(p.id, p.argv, childEnv));
  let haproxy: Supervised | null = null;
  const all = () => (haproxy === null ? replicas : [...replicas, haproxy]);
  // Last resort if the supervisor itself ends abruptly: no orphaned replica keeps its port.
  const orphanGuard = () => {
    for (const p of all()) if (p.child.exitCode === null) p.child.kill("SIGKILL");
  };
  process.once("exit", orphanGuard);
  const url = clientUrl(config.host, port);
  try {
    await Promise.all(replicas.map((r, i) => untilReady(`http://127.0.0.1:${ports[i]}/ready`, r, 60_000)));
    haproxy = spawnHaproxy(bin.path, cfgFile);
    await untilReady(`${clientUrl("127.0.0.1", port)}/ready`, haproxy, 10_000);
  } catch (err) {
    say(`${(err as Error).message} Stopping the others.`);
    await Promise.all(all().map((p) => stopProcess(p, "SIGTERM", 5_000)));
    rmSync(dir, { recursive: true, force: true });
    process.removeListener("exit", orphanGuard);
    return 1;
  }
  const lb = haproxy;
  say(
    `pids: ${[...replicas, lb].map((p) => `${p.name} ${p.child.pid}`).join(", ")} (this supervisor ${process.pid}).`,
  );
  process.stdout.write(
    `bazaar: ${n} replica${n === 1 ? "" : "s"} (${plans.map((p) => p.id).join(", ")}) behind HAProxy at ${url} (listening on ${config.host}:${port}); database ${redactUrl(config.db)}\n`,
  );

  return new Promise<number>((resolve) => {
    let stopping = false;
    let failed = false;
    let alive = replicas.length;
    const stop = async (why: string) => {
      if (stopping) return;
      stopping = true;
      say(`${why}: draining ${alive} replica${alive === 1 ? "" : "s"}, then stopping HAProxy.`);
      // Each replica keeps serving for its --drain-grace, then finishes its requests and commits.
      const graceMs = (config.drainGraceS + 30) * 1000;
      const codes = await Promise.all(replicas.map((r) => stopProcess(r, "SIGTERM", graceMs)));
      // SIGUSR1: HAProxy's soft stop (it lets open connections finish).
      await stopProcess(lb, "SIGUSR1", 5_000);
      rmSync(dir, { recursive: true, force: true });
      process.removeListener("exit", orphanGuard);
      resolve(failed || codes.some((c) => c !== 0) ? 1 : 0);
    };
    for (const r of replicas) {
      void r.exited.then((code) => {
        alive--;
        if (stopping) return;
        failed = true;
        say(
          `replica ${r.name} exited (${code}) and is not restarted; ${alive} left. HAProxy sends its sessions to the others, which take them over.`,
        );
        if (alive === 0) void stop("no replica left");
      });
    }
    void lb.exited.then((code) => {
      if (stopping) return;
      failed = true;
      say(`HAProxy exited (${code}); clients can no longer reach the replicas.`);
      void stop("HAProxy is gone");
    });
    process.once("SIGTERM", () => void stop("SIGTERM"));
    process.once("SIGINT", () => void stop("SIGINT"));
  });
}
