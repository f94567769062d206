import { spawn } from "node:child_process";

/** A fixed arithmetic loop for `ms`, printing how many rounds it finished: pure CPU, no I/O. */
const SPIN = `const until = Date.now() + Number(process.argv[1]); let n = 0, x = 0;
while (Date.now() < until) { for (let i = 0; i < 1e5; i++) x = (x * 31 + i) | 0; n++; }
process.stdout.write(String(n + (x & 0)));`;

function spin(ms: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["-e", SPIN, String(ms)], { stdio: ["ignore", "pipe", "inherit"] });
    let out = "";
    child.stdout.on("data", (c: Buffer) => {
      out += c.toString();
    });
    child.on("error", reject);
    child.on("exit", () => resolve(Number(out)));
  });
}

/**
 * What this box gives two busy processes against one: k processes spin side by side and their
 * rounds are summed. On a box with two real, idle cores the answer is ~2.0; a VM whose vCPUs
 * share a physical core, or a busy host, answers less. Any 2-process throughput ratio
 * (bench:scale's 2 replicas against 1) is capped by it, so the bench reports it beside the ratio.
 */
export async function parallelSpeedup(
  k = 2,
  ms = 2000,
  rounds = 2,
): Promise<{ speedup: number; runs: number[] }> {
  const runs: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const one = await spin(ms);
    const many = (await Promise.all(Array.from({ length: k }, () => spin(ms)))).reduce((a, b) => a + b, 0);
    runs.push(Math.round((many / Math.max(1, one)) * 100) / 100);
  }
  const sorted = [...runs].sort((a, b) => a - b);
  return { speedup: sorted[Math.floor(sorted.length / 2)] ?? 0, runs };
}
