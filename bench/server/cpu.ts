import { readFileSync } from "node:fs";

/** Resident set size of a process, from /proc (Linux only, as is this bench). */
export function rssKb(pid: number): number {
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

export interface CpuShare {
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
export async function withCpu<T>(pid: number, fn: () => Promise<T>): Promise<T & { cpu: CpuShare }> {
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
export function profileSummary(file: string, top: number): string[] {
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
