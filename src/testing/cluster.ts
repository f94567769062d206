import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { haproxyConfig } from "../cli/haproxy-config";
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

/**
 * N `bazaar serve` processes on one Postgres (replica ids r1…rN) behind HAProxy on 127.0.0.1,
 * configured by haproxyConfig: what `npm run test:scale` and `npm run bench:scale` drive.
 */
export async function startCluster(
  pg: EmbeddedPg,
  n: number,
  extraArgs: readonly string[] = [],
): Promise<Cluster> {
  const bin = ensureHaproxy();
  const replicas: Replica[] = [];
  for (let i = 1; i <= n; i++) {
    const id = `r${i}`;
    const p = await startServerProcess(["--db", pg.url, "--replica-id", id, ...extraArgs]);
    replicas.push({ ...p, id });
  }
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), "bazaar-haproxy-"));
  const cfg = join(dir, "haproxy.cfg");
  writeFileSync(
    cfg,
    haproxyConfig({
      bind: `127.0.0.1:${port}`,
      replicas: replicas.map((r) => ({ id: r.id, address: new URL(r.url).host })),
    }),
  );
  const haproxy = spawn(bin, ["-db", "-f", cfg], { stdio: ["ignore", "ignore", "inherit"] });
  const url = `http://127.0.0.1:${port}`;
  await untilReady(url, 10_000);
  return {
    url,
    replicas,
    haproxy,
    stop: async () => {
      haproxy.kill("SIGTERM");
      for (const r of replicas)
        if (r.child.exitCode === null && r.child.signalCode === null) r.child.kill("SIGKILL");
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
