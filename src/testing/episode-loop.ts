import type { Agent } from "node:http";
import type { Observation } from "../../env/observation";
import { httpRequest, keepAliveAgent, type RawReply } from "../client/http-request";
import { testBuyer } from "./buyer";

/** One played episode, as the client saw it: every acknowledged observation, reset first. */
export interface PlayedEpisode {
  task: string;
  seed: number;
  episodeId: string;
  sessionId: string;
  observations: string[];
}

export interface LoopStats {
  steps: number;
  /**
   * Answers 503 (failover, draining, database) that the loop waited out and retried, and the
   * balancer's 502/504 for a request its replica died in the middle of.
   */
  retried503: number;
  /** Requests that failed on the network (a killed replica) and were sent again. */
  retriedNetwork: number;
  /** Per session, when its first successful step sent at or after `okAfter` landed (failover timing). */
  firstOkAt: Map<string, number>;
  /** Epoch ms; steps sent earlier (in flight at a kill) do not count for `firstOkAt`. */
  okAfter: number;
  latenciesMs: number[];
}

export const newStats = (): LoopStats => ({
  steps: 0,
  retried503: 0,
  retriedNetwork: 0,
  firstOkAt: new Map(),
  okAfter: 0,
  latenciesMs: [],
});

/**
 * POST with the retries a well-behaved client does: a network failure, a 503, or a balancer's
 * 502/504 (the replica died while answering) is retried with
 * the same body (so a step keeps its request_id and is never applied twice), waiting Retry-After
 * capped at `maxWaitMs`. Anything else is returned as is.
 */
async function post(url: string, body: unknown, stats: LoopStats, o: Required<PlayOptions>) {
  for (let attempt = 0; attempt < 400; attempt++) {
    let r: Awaited<ReturnType<typeof httpRequest>>;
    try {
      r = await (o.send === null ? httpRequest(o.agent, "POST", url, body) : o.send(url, body));
    } catch {
      stats.retriedNetwork++;
      await new Promise((res) => setTimeout(res, 50));
      continue;
    }
    if (r.status === 503 || r.status === 502 || r.status === 504) {
      stats.retried503++;
      const after = Number(r.retryAfter ?? "1") * 1000;
      await new Promise((res) => setTimeout(res, Math.min(after, o.maxWaitMs)));
      continue;
    }
    return r;
  }
  throw new Error(`${url}: still failing after 400 attempts`);
}

export interface PlayOptions {
  /** Cap on waiting out a Retry-After (ms). */
  maxWaitMs?: number;
  /** POST /close once the episode is done (a long-running load must not fill the server's table). */
  close?: boolean;
  /** Keep-alive agent the requests go through (one shared by every caller otherwise). */
  agent?: Agent;
  /** Another HTTP client instead of node:http (bench/scale/client-ab.ts compares fetch). */
  send?: ((url: string, body: unknown) => Promise<RawReply>) | null;
}

const sharedAgent = keepAliveAgent(256);

/**
 * Play one episode of `task` to the end through `base` with the tests' scripted buyer, every
 * step carrying a request_id. A reset that failed on the network may have created a session
 * anyway, so a retried reset uses a new episode id (the old one may be taken).
 */
export async function playEpisode(
  base: string,
  task: string,
  seed: number,
  episodeId: string,
  stats: LoopStats,
  opts: PlayOptions = {},
): Promise<PlayedEpisode> {
  const o = { maxWaitMs: 250, close: false, agent: sharedAgent, send: null, ...opts };
  let reset: { status: number; text: string } | null = null;
  let id = episodeId;
  for (let attempt = 0; reset === null || reset.status === 409; attempt++) {
    id = attempt === 0 ? episodeId : `${episodeId}-r${attempt}`;
    reset = await post(`${base}/reset`, { task, seed, episode_id: id }, stats, o);
  }
  if (reset.status !== 200) throw new Error(`reset ${reset.status}: ${reset.text}`);
  const first = JSON.parse(reset.text) as { session_id: string; observation: Observation };
  const sessionId = first.session_id;
  const observations = [JSON.stringify(first.observation)];
  let obs = first.observation;
  for (let k = 0; k < 500; k++) {
    const sentAt = Date.now();
    const t0 = performance.now();
    const r = await post(
      `${base}/step`,
      { session_id: sessionId, action: testBuyer(obs, obs.current_round), request_id: `q${k}` },
      stats,
      o,
    );
    stats.latenciesMs.push(performance.now() - t0);
    if (r.status !== 200) throw new Error(`step ${k} of ${sessionId}: ${r.status} ${r.text}`);
    if (sentAt >= stats.okAfter && !stats.firstOkAt.has(sessionId))
      stats.firstOkAt.set(sessionId, Date.now());
    stats.steps++;
    const body = JSON.parse(r.text) as { observation: Observation; done: boolean };
    observations.push(JSON.stringify(body.observation));
    obs = body.observation;
    if (body.done) break;
  }
  if (o.close) await post(`${base}/close`, { session_id: sessionId }, stats, o);
  return { task, seed, episodeId: id, sessionId, observations };
}
