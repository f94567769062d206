import type { EvalSession, EvalSessionFactory } from "../../../eval/harness/eval-env";
import { httpRequest, keepAliveAgent, type RawReply } from "../../client/http-request";
import { EpisodeView } from "../../wire/episode-view";
import { stepReply } from "../../wire/reply";
import { ResetResponse } from "../../wire/reset";
import { ScoreResponse } from "../../wire/score";
import { StepResponse } from "../../wire/step";

/**
 * The harness's environment over HTTP (`bazaar eval --server <url>`): POST /reset creates a
 * session, POST /step plays in it, GET /score grades it, POST /close frees it. Responses are
 * validated with the same zod schemas the server uses, so drift fails loudly.
 */
export class EnvHttpError extends Error {
  constructor(
    readonly status: number,
    readonly path: string,
    body: string,
  ) {
    super(`${path} answered ${status}: ${body.slice(0, 300)}`);
    this.name = "EnvHttpError";
  }
}

export interface HttpSessionOptions {
  /**
   * One server or balancer, or several replicas of one deployment (sharing a Postgres): sessions
   * are spread over them round-robin, and a request that finds its replica gone is sent to the
   * next, which takes the session over.
   */
  baseUrl: string | readonly string[];
  /** Per request; a step includes the seller's reply, so allow for a slow LLM seller. */
  timeoutMs?: number;
  /** How long one request keeps retrying 503s and unreachable replicas before giving up. */
  retryForMs?: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Which replica a session's requests go to first (moved on when that replica is gone). */
export interface HttpHome {
  i: number;
}

export type HttpCall = (
  home: HttpHome,
  method: "GET" | "POST",
  path: string,
  body?: unknown,
) => Promise<unknown>;

/**
 * Requests to one deployment, for either role's eval client: JSON in and out, retried while the
 * deployment fails over (a 503 after its Retry-After, capped; an unreachable replica on the next
 * URL). Safe to repeat: a step carries its request_id. `nextHome` spreads sessions round-robin.
 */
export function httpCaller(o: HttpSessionOptions): { call: HttpCall; nextHome: () => HttpHome } {
  const bases = (typeof o.baseUrl === "string" ? [o.baseUrl] : o.baseUrl).map((u) => u.replace(/\/+$/, ""));
  if (bases.length === 0) throw new Error("httpSessions needs at least one server URL");
  // One keep-alive pool for every session of the run: node:http, not fetch (src/client/http-request.ts).
  const agent = keepAliveAgent();
  const timeoutMs = o.timeoutMs ?? 60_000;
  const retryForMs = o.retryForMs ?? 30_000;
  let next = 0;
  const call: HttpCall = async (home, method, path, body) => {
    const giveUpAt = Date.now() + retryForMs;
    for (;;) {
      let res: RawReply;
      try {
        res = await httpRequest(agent, method, `${bases[home.i % bases.length]}${path}`, body, { timeoutMs });
      } catch (err) {
        if (Date.now() > giveUpAt || bases.length === 1) throw err;
        home.i++;
        await sleep(100);
        continue;
      }
      // 503: failover or database; 502/504: a balancer whose replica died mid-request.
      if ((res.status === 503 || res.status === 502 || res.status === 504) && Date.now() < giveUpAt) {
        await sleep(Math.min(2000, Number(res.retryAfter ?? "1") * 1000));
        continue;
      }
      if (res.status < 200 || res.status > 299) throw new EnvHttpError(res.status, path, res.text);
      return JSON.parse(res.text) as unknown;
    }
  };
  return { call, nextHome: () => ({ i: next++ }) };
}

export function httpSessions(o: HttpSessionOptions): EvalSessionFactory {
  const { call: callFrom, nextHome } = httpCaller(o);
  const shared = { i: 0 };
  const call = (method: "GET" | "POST", path: string, body?: unknown) => callFrom(shared, method, path, body);
  /** The guard's records are readable only once the run is over, from the stored episodes. */
  const guardTotal = async (ids: readonly string[]): Promise<number> => {
    let n = 0;
    for (const id of ids) {
      const view = EpisodeView.parse(await call("GET", `/episodes/${encodeURIComponent(id)}`));
      for (const e of view.events ?? []) if (e.type === "seller_replied") n += e.guard.length;
    }
    return n;
  };
  return (): EvalSession => {
    const home = nextHome();
    const call = (method: "GET" | "POST", path: string, body?: unknown) => callFrom(home, method, path, body);
    let sessionId: string | null = null;
    let stepNo = 0;
    // Every episode this run played, to read the guard's records once the run is over.
    const episodeIds = new Set<string>();
    const sid = (): string => {
      if (sessionId === null) throw new Error("step before reset");
      return sessionId;
    };
    return {
      reset: async (req) => {
        const r = ResetResponse.parse(
          // No episode_id: a name is taken once stored, so a rerun or resume against the same
          // server would be refused; the server's own ids are recorded instead.
          await call("POST", "/reset", {
            task_id: req.taskId,
            seed: req.seed,
            options: { tells: req.tells },
            ...(req.seller !== undefined ? { seller: req.seller } : {}),
          }),
        );
        sessionId = r.session_id;
        stepNo = 0;
        episodeIds.clear();
        episodeIds.add(r.episode_id);
        return {
          observation: r.observation,
          seller: r.info.seller,
          taskVersion: r.info.task_version,
          engineVersion: r.info.engine_version,
          totalEpisodes: r.info.total_episodes,
        };
      },
      step: async (action) => {
        stepNo += 1;
        // A request id makes a retried step idempotent on the server.
        const r = StepResponse.parse(
          await call("POST", "/step", { session_id: sid(), action, request_id: `${sid()}:${stepNo}` }),
        );
        episodeIds.add(r.info.episode_id);
        const { observation, reward, done, info } = stepReply(r);
        return { observation, reward, done, info };
      },
      score: async () => {
        const s = ScoreResponse.parse(await call("GET", `/score?session_id=${encodeURIComponent(sid())}`));
        const over = s.episodes_completed >= s.total_episodes;
        return {
          score: s.score,
          success: s.success,
          episodes_completed: s.episodes_completed,
          total_episodes: s.total_episodes,
          ...(over ? { guard_interventions: await guardTotal([...episodeIds]) } : {}),
        };
      },
      close: async () => {
        if (sessionId === null) return;
        const id = sessionId;
        sessionId = null;
        await call("POST", "/close", { session_id: id }).catch(() => undefined);
      },
    };
  };
}
