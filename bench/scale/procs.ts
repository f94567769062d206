import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

const TICK_S = 100; // USER_HZ on Linux

/** utime + stime of a process, all its threads, in seconds (0 once it is gone). */
export function cpuOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) / TICK_S;
  } catch {
    return 0;
  }
}

/** The Postgres server and its backends: the postmaster and every process whose parent it is. */
export function postgresPids(postmaster: number): number[] {
  const out = [postmaster];
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (ppid === postmaster) out.push(Number(name));
    } catch {
      // exited meanwhile
    }
  }
  return out;
}

export function postmasterPid(dataDir: string): number {
  return Number(readFileSync(join(dataDir, "postmaster.pid"), "utf8").split("\n")[0]);
}
