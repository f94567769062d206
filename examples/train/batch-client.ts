import type { Action } from "../../env/action";
import type { Observation } from "../../env/observation";

/**
 * Vectorised play over the public HTTP API: /batch/reset opens (then resets in place) up to
 * 256 sessions at a time, /batch/step moves them all in one request, GET /score grades each.
 * A policy is any function from the buyer's observation to an action.
 */
export type Policy = (obs: Observation) => Action;

export interface Job {
  policy: Policy;
  seed: number;
}

export interface JobResult {
  seed: number;
  /** Sum of step rewards over the whole run (every episode of a career). */
  ret: number;
  /** GET /score: the task grade of the run. */
  score: number;
}

const CHUNK = 256;

interface StepItem {
  observation: Observation;
  reward: number | null;
  done: boolean;
  error?: { message: string };
}

export class BatchClient {
  private pool: string[] = [];

  constructor(
    private readonly url: string,
    private readonly task: string,
  ) {}

  private async post<T>(path: string, body: unknown): Promise<T> {
    const res = await fetch(`${this.url}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
    return (await res.json()) as T;
  }

  private async score(sessionId: string): Promise<number> {
    const res = await fetch(`${this.url}/score?session_id=${encodeURIComponent(sessionId)}`);
    if (!res.ok) throw new Error(`/score answered ${res.status}: ${await res.text()}`);
    return ((await res.json()) as { score: number }).score;
  }

  /** Close every pooled session (frees server capacity between tasks). */
  async close(): Promise<void> {
    await Promise.all(this.pool.map((id) => this.post("/close", { session_id: id })));
    this.pool = [];
  }

  /** Play every job to the end of its run; results come back in job order. */
  async play(jobs: readonly Job[]): Promise<JobResult[]> {
    const out: JobResult[] = [];
    for (let i = 0; i < jobs.length; i += CHUNK)
      out.push(...(await this.playChunk(jobs.slice(i, i + CHUNK))));
    return out;
  }

  private async playChunk(jobs: readonly Job[]): Promise<JobResult[]> {
    const seeds = jobs.map((j) => j.seed);
    const reuse = this.pool.length >= jobs.length ? { session_ids: this.pool.slice(0, jobs.length) } : {};
    const opened = await this.post<{ results: Array<{ session_id: string; observation: Observation }> }>(
      "/batch/reset",
      { task: this.task, count: jobs.length, seeds, ...reuse },
    );
    const ids = opened.results.map((r) => r.session_id);
    if (this.pool.length < ids.length) this.pool = ids;
    const obs = opened.results.map((r) => r.observation);
    const ret = jobs.map(() => 0);
    const live = new Set(jobs.map((_, k) => k));
    while (live.size > 0) {
      const order = [...live];
      const steps = order.map((k) => ({
        session_id: ids[k],
        action: (jobs[k] as Job).policy(obs[k] as Observation),
      }));
      const res = await this.post<{ results: StepItem[] }>("/batch/step", { steps });
      res.results.forEach((r, n) => {
        const k = order[n] as number;
        if (r.error !== undefined) throw new Error(`step failed: ${r.error.message}`);
        obs[k] = r.observation;
        ret[k] = (ret[k] as number) + (r.reward ?? 0);
        if (r.done) live.delete(k);
      });
    }
    const scores = await Promise.all(ids.map((id) => this.score(id)));
    return jobs.map((j, k) => ({ seed: j.seed, ret: ret[k] as number, score: scores[k] as number }));
  }
}
