import { type ChildProcess, spawn } from "node:child_process";
import { get } from "node:http";
import { createServer, type Server } from "node:net";
import { createInterface } from "node:readline";

/** Spawned `bazaar serve` or haproxy, with what the supervisor needs to say about it. */
export interface Supervised {
  name: string;
  child: ChildProcess;
  /** Resolves with the exit code (a signal's name when killed) once the process is gone. */
  exited: Promise<number | string>;
}

/** `n` distinct loopback ports the kernel picked, held open together so none repeats. */
export async function loopbackPorts(n: number): Promise<number[]> {
  const servers: Server[] = [];
  try {
    for (let i = 0; i < n; i++) {
      const s = createServer();
      servers.push(s);
      await new Promise<void>((resolve, reject) => {
        s.once("error", reject);
        s.listen(0, "127.0.0.1", () => resolve());
      });
    }
    return servers.map((s) => {
      const a = s.address();
      return typeof a === "object" && a !== null ? a.port : 0;
    });
  } finally {
    await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
  }
}

/**
 * Node flags for a replica: the supervisor's own (tsx's loader when run from source), minus
 * debugger and profiler flags, whose ports and files N processes would fight over.
 */
const childNodeArgs = (): string[] =>
  process.execArgv.filter((a) => !a.startsWith("--inspect") && !a.startsWith("--cpu-prof"));

/** Each stderr line of a replica, marked with its id: JSON log lines get a "replica" field. */
function tagLines(child: ChildProcess, id: string): void {
  if (child.stderr === null) return;
  createInterface({ input: child.stderr }).on("line", (line) => {
    const tagged = line.startsWith("{") ? `{"replica":"${id}",${line.slice(1)}` : `[${id}] ${line}`;
    process.stderr.write(`${tagged}\n`);
  });
}

function watch(name: string, child: ChildProcess): Supervised {
  const exited = new Promise<number | string>((resolve) => {
    child.once("exit", (code, signal) => resolve(code ?? signal ?? "unknown"));
    // A spawn failure (ENOENT, EACCES) emits error and no exit.
    child.once("error", () => resolve("spawn failed"));
  });
  return { name, child, exited };
}

/**
 * `bazaar serve` as a child process in its own process group: a terminal's Ctrl-C reaches the
 * supervisor only, which then drains the replicas in order instead of killing them mid-request.
 * If the supervisor dies without draining them (SIGKILL), their stdin pipe closes and they drain
 * themselves (serve-command.ts).
 */
export function spawnReplica(id: string, argv: readonly string[], env: NodeJS.ProcessEnv): Supervised {
  const entry = process.argv[1] as string;
  const child = spawn(process.execPath, [...childNodeArgs(), entry, "serve", ...argv], {
    env,
    // stdin: a pipe never written to; the replica stops when it closes (the supervisor died).
    stdio: ["pipe", "inherit", "pipe"],
    detached: true,
  });
  tagLines(child, id);
  return watch(id, child);
}

export function spawnHaproxy(bin: string, configFile: string): Supervised {
  // -db: stay in the foreground, so the supervisor sees it exit.
  const child = spawn(bin, ["-db", "-f", configFile], {
    stdio: ["ignore", "inherit", "inherit"],
    detached: true,
  });
  return watch("haproxy", child);
}

/** GET url → status, or 0 when nothing answers. */
function status(url: string): Promise<number> {
  return new Promise((resolve) => {
    const req = get(url, { timeout: 2000 }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on("timeout", () => req.destroy());
    req.on("error", () => resolve(0));
  });
}

/**
 * Resolves once `url` answers 200; rejects when `proc` exits first or `ms` pass (a tsx start on
 * a busy machine takes seconds, so the bound is generous).
 */
export async function untilReady(url: string, proc: Supervised, ms: number): Promise<void> {
  let gone: number | string | null = null;
  void proc.exited.then((code) => {
    gone = code;
  });
  const end = Date.now() + ms;
  while ((await status(url)) !== 200) {
    if (gone !== null) throw new Error(`${proc.name} exited (${gone}) before it was ready.`);
    if (Date.now() > end) throw new Error(`${proc.name} was not ready at ${url} within ${ms / 1000} s.`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Signal a process that is still running; SIGKILL after `graceMs` if it has not exited by then. */
export async function stopProcess(
  p: Supervised,
  signal: NodeJS.Signals,
  graceMs: number,
): Promise<number | string> {
  if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill(signal);
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<"late">((r) => {
    timer = setTimeout(() => r("late"), graceMs);
  });
  const first = await Promise.race([p.exited, late]);
  clearTimeout(timer);
  if (first !== "late") return first;
  p.child.kill("SIGKILL");
  return p.exited;
}
