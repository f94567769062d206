import { p99, round } from "../stats";
import { BATCH, LOOPS, SECONDS } from "./config";
import { HttpClient, type Json } from "./http-client";

/** A buyer that bids up from 40 % of the ask in small steps, so episodes last several rounds. */
export function nextAction(obs: Json, k: number): Json {
  const ask = Number(obs.opponent_last_offer ?? obs.seller_asking_price);
  return { type: "offer", price: round(ask * (0.4 + 0.05 * k)), message: "How about this?" };
}

export interface LoopStats {
  steps: number;
  errors: number;
  latencies: number[];
}

/** One buyer playing episodes back to back over HTTP until the deadline. */
export async function httpLoop(
  client: HttpClient,
  seed: number,
  until: number,
  stats: LoopStats,
): Promise<void> {
  let reset = await client.call("POST", "/reset", { seed });
  const sid = reset.body.session_id as string;
  let obs = reset.body.observation as Json;
  let k = 0;
  while (performance.now() < until) {
    const t0 = performance.now();
    const r = await client.call("POST", "/step", { session_id: sid, action: nextAction(obs, k++) });
    stats.latencies.push(performance.now() - t0);
    if (r.status !== 200) {
      stats.errors++;
      continue;
    }
    stats.steps++;
    obs = r.body.observation as Json;
    if (r.body.done === true) {
      reset = await client.call("POST", "/reset", { session_id: sid, seed: ++seed });
      obs = reset.body.observation as Json;
      k = 0;
    }
  }
  await client.call("POST", "/close", { session_id: sid });
}

export async function measureHttp(host: string, port: number): Promise<{ rate: number; p99: number }> {
  const client = new HttpClient(host, port, LOOPS);
  const stats: LoopStats = { steps: 0, errors: 0, latencies: [] };
  const t0 = performance.now();
  const until = t0 + SECONDS * 1000;
  await Promise.all(Array.from({ length: LOOPS }, (_, i) => httpLoop(client, 1000 + i * 97, until, stats)));
  const elapsed = (performance.now() - t0) / 1000;
  client.destroy();
  return { rate: stats.steps / elapsed, p99: p99(stats.latencies) };
}

/** Batches of 32 steps per request; finished sessions are reset in place through /batch/reset. */
async function batchLoop(client: HttpClient, seed: number, until: number, stats: LoopStats): Promise<void> {
  const opened = await client.call("POST", "/batch/reset", { count: BATCH, seeds: seed });
  const items = opened.body.results as Json[];
  const sids = items.map((r) => r.session_id as string);
  const obs = items.map((r) => r.observation as Json);
  const ks = sids.map(() => 0);
  while (performance.now() < until) {
    const steps = sids.map((session_id, i) => ({ session_id, action: nextAction(obs[i] as Json, ks[i]!++) }));
    const r = await client.call("POST", "/batch/step", { steps });
    const results = r.body.results as Json[];
    const done: number[] = [];
    results.forEach((res, i) => {
      if (res.error !== undefined) stats.errors++;
      else {
        stats.steps++;
        obs[i] = res.observation as Json;
        if (res.done === true) done.push(i);
      }
    });
    if (done.length > 0) {
      const again = await client.call("POST", "/batch/reset", { session_ids: done.map((i) => sids[i]) });
      (again.body.results as Json[]).forEach((res, j) => {
        const i = done[j] as number;
        obs[i] = res.observation as Json;
        ks[i] = 0;
      });
    }
  }
  await Promise.all(sids.map((session_id) => client.call("POST", "/close", { session_id })));
}

export async function measureBatch(host: string, port: number): Promise<{ rate: number }> {
  const loops = 4;
  const client = new HttpClient(host, port, loops);
  const stats: LoopStats = { steps: 0, errors: 0, latencies: [] };
  const t0 = performance.now();
  const until = t0 + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: loops }, (_, i) => batchLoop(client, 5000 + i * 1000, until, stats)),
  );
  const elapsed = (performance.now() - t0) / 1000;
  client.destroy();
  return { rate: stats.steps / elapsed };
}

/** A short HTTP load so the JIT has compiled the hot paths before memory is measured. */
export async function warmUp(host: string, port: number): Promise<void> {
  const client = new HttpClient(host, port, LOOPS);
  const stats: LoopStats = { steps: 0, errors: 0, latencies: [] };
  const until = performance.now() + 1000;
  await Promise.all(Array.from({ length: LOOPS }, (_, i) => httpLoop(client, 70_000 + i * 97, until, stats)));
  client.destroy();
}
