import { readFileSync } from "node:fs";

/** Resident memory of a running process in bytes, from /proc (Linux, where the tests run). */
export function processRssBytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const m = /^VmRSS:\s+(\d+)\s+kB$/m.exec(status);
  if (m === null) throw new Error(`no VmRSS for process ${pid}`);
  return Number(m[1]) * 1024;
}
