import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import { haproxyConfig, haproxyThreadsFor } from "../cli/haproxy-config";
import { type EmbeddedPg, freePort } from "./embedded-pg";
import { type ServerProcess, startServerProcess } from "./server-process";

/** The haproxy binary, installed from Debian with apt-get if missing (said on stderr). */
export function ensureHaproxy(): string {
  try {
    return execFileSync("sh", ["-c", "command -v haproxy"], { encoding: "utf8" }).trim();
  } catch {
    process.stderr.write("haproxy is not installed: installing it with apt-get (Debian package haproxy)…\n");
    execFileSync(
      "sh",
      ["-c", "apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq haproxy"],
      {
        stdio: "inherit",
      },
    );
    return execFileSync("sh", ["-c", "command -v haproxy"], { encoding: "utf8" }).trim();
  }
}

export interface Replica extends ServerProcess {
  id: string;
}

export interface Cluster {
  /** The balancer's URL: what clients use. */
  url: string;
  replicas: Replica[];
  haproxy: ChildProcess;
  stop(): Promise<void>;
}

async function untilReady(url: string, ms: number): Promise<void> {
  const end = Date.now() + ms;
  for (;;) {
    try {
      if ((await fetch(`${url}/ready`)).status === 200) return;
    } catch {
      // not up yet
    }
    if (Date.now() > end) throw new Error(`${url}/ready did not answer 200 within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** `bazaar serve` processes r<first>…, all on one Postgres, started together. */
export function startReplicas(
  pgUrl: string,
  n: number,
  extraArgs: readonly string[] = [],
  first = 1,
): Promise<Replica[]> {
  // Each logs "server listening" at info level, which startServerProcess sets: no --log-level here.
  return Promise.all(
    Array.from({ length: n }, async (_, i) => {
      const id = `r${i + first}`;
      const p = await startServerProcess(["--db", pgUrl, "--replica-id", id, ...extraArgs]);
      return { ...p, id };
    }),
  );
}

export interface Balancer {
  url: string;
  child: ChildProcess;
  stop(): void;
}

/** HAProxy on a free 127.0.0.1 port in front of `replicas`, ready once /ready answers through it. */
export async function startHaproxy(
  replicas: readonly Replica[],
  threads = haproxyThreadsFor(availableParallelism()),
): Promise<Balancer> {
  const bin = ensureHaproxy();
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), "bazaar-haproxy-"));
  const cfg = join(dir, "haproxy.cfg");
  writeFileSync(
    cfg,
    haproxyConfig({
      bind: `127.0.0.1:${port}`,
      replicas: replicas.map((r) => ({ id: r.id, address: new URL(r.url).host })),
      threads,
    }),
  );
  const child = spawn(bin, ["-db", "-f", cfg], { stdio: ["ignore", "ignore", "inherit"] });
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<never>((_, reject) =>
    child.once("exit", (code) => reject(new Error(`haproxy exited (${code}) before it was ready`))),
  );
  exited.catch(() => undefined);
  await Promise.race([untilReady(url, 10_000), exited]);
  return {
    url,
    child,
    stop: () => {
      child.kill("SIGTERM");
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * N `bazaar serve` processes on one Postgres (replica ids r1…rN) behind HAProxy on 127.0.0.1,
 * configured by haproxyConfig: what `npm run test:scale` drives.
 */
export async function startCluster(
  pg: EmbeddedPg,
  n: number,
  extraArgs: readonly string[] = [],
): Promise<Cluster> {
  const replicas = await startReplicas(pg.url, n, extraArgs);
  const lb = await startHaproxy(replicas).catch((err: unknown) => {
    for (const r of replicas) r.child.kill("SIGKILL");
    throw err;
  });
  return {
    url: lb.url,
    replicas,
    haproxy: lb.child,
    stop: async () => {
      lb.stop();
      for (const r of replicas)
        if (r.child.exitCode === null && r.child.signalCode === null) r.child.kill("SIGKILL");
    },
  };
}
