import { p99 } from "../stats";
import { BATCH, MANY, SECONDS } from "./config";
import { rssKb } from "./cpu";
import { nextAction } from "./episode-loops";
import type { HeapProbe } from "./heap-probe";
import { HttpClient, type Json } from "./http-client";

/**
 * `count` open sessions; 64 workers step them round-robin, so every session stays active.
 * Returns the server's RSS while they are all open, before closing them.
 */
async function stepMany(
  host: string,
  port: number,
  pid: number,
  count: number,
  heap: HeapProbe | null,
): Promise<{ ok: number; p99: number; rssKb: number; heapKb: number }> {
  const client = new HttpClient(host, port, 64);
  const sids: string[] = [];
  const obs: Json[] = [];
  for (let b = 0; b < count / BATCH; b++) {
    const r = await client.call("POST", "/batch/reset", { count: BATCH, seeds: 90_000 + b * BATCH });
    for (const item of r.body.results as Json[]) {
      sids.push(item.session_id as string);
      obs.push(item.observation as Json);
    }
  }
  const ks = sids.map(() => 0);
  let attempts = 0;
  let ok = 0;
  const latencies: number[] = [];
  const until = performance.now() + SECONDS * 1000;
  const worker = async (w: number) => {
    const mine = sids.map((_, i) => i).filter((i) => i % 64 === w);
    for (let n = 0; performance.now() < until || n < mine.length; n++) {
      const i = mine[n % mine.length] as number;
      const t0 = performance.now();
      attempts++;
      const r = await client.call("POST", "/step", {
        session_id: sids[i],
        action: nextAction(obs[i] as Json, ks[i]!++),
      });
      latencies.push(performance.now() - t0);
      if (r.status !== 200) continue;
      ok++;
      obs[i] = r.body.observation as Json;
      if (r.body.done === true) {
        const again = await client.call("POST", "/reset", { session_id: sids[i] });
        obs[i] = again.body.observation as Json;
        ks[i] = 0;
      }
    }
  };
  await Promise.all(Array.from({ length: 64 }, (_, w) => worker(w)));
  // Collect first when the inspector is open, so RSS is read at the same point of the GC cycle
  // in both runs (otherwise the difference moves with when the collector last ran).
  const heapKb = heap === null ? 0 : await heap.usedKb();
  const rss = rssKb(pid);
  await Promise.all(sids.map((session_id) => client.call("POST", "/close", { session_id })));
  client.destroy();
  return { ok: attempts === 0 ? 0 : ok / attempts, p99: p99(latencies), rssKb: rss, heapKb };
}

/** Sessions in the memory comparison's small run: the same load, spread over few sessions. */
const FEW = 64;

/**
 * 1,024 concurrent sessions. Memory per session is a difference between two runs of the same
 * load on the same fresh server, first over 64 sessions, then over 1,024: the heap's growth
 * under load (young generation, allocation headroom) is in both and cancels; what remains is
 * what the extra 960 sessions hold.
 */
export async function measureMany(
  host: string,
  port: number,
  pid: number,
  heap: HeapProbe | null,
): Promise<{ ok: number; p99: number; rssPerSession: number; heapPerSession: number }> {
  const few = await stepMany(host, port, pid, FEW, heap);
  const many = await stepMany(host, port, pid, MANY, heap);
  return {
    ok: many.ok,
    p99: many.p99,
    rssPerSession: (many.rssKb - few.rssKb) / (MANY - FEW),
    heapPerSession: (many.heapKb - few.heapKb) / (MANY - FEW),
  };
}
