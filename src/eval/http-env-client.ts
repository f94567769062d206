import type { EvalSession, EvalSessionFactory } from "../../eval/harness/eval-env";
import { ResetResponse } from "../wire/reset";
import { ScoreResponse } from "../wire/score";
import { StepResponse } from "../wire/step";

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
  baseUrl: string;
  fetch?: typeof fetch;
  /** Per request; a step includes the seller's reply, so allow for a slow LLM seller. */
  timeoutMs?: number;
}

export function httpSessions(o: HttpSessionOptions): EvalSessionFactory {
  const base = o.baseUrl.replace(/\/+$/, "");
  const doFetch = o.fetch ?? fetch;
  const timeoutMs = o.timeoutMs ?? 60_000;
  const call = async (method: "GET" | "POST", path: string, body?: unknown): Promise<unknown> => {
    const res = await doFetch(`${base}${path}`, {
      method,
      headers: body === undefined ? {} : { "content-type": "application/json" },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await res.text();
    if (!res.ok) throw new EnvHttpError(res.status, path, text);
    return JSON.parse(text) as unknown;
  };
  return (): EvalSession => {
    let sessionId: string | null = null;
    let stepNo = 0;
    const sid = (): string => {
      if (sessionId === null) throw new Error("step before reset");
      return sessionId;
    };
    return {
      reset: async (req) => {
        const r = ResetResponse.parse(
          await call("POST", "/reset", {
            task_id: req.taskId,
            seed: req.seed,
            episode_id: req.episodeId,
            options: { tells: req.tells },
            ...(req.seller !== undefined ? { seller: req.seller } : {}),
          }),
        );
        sessionId = r.session_id;
        stepNo = 0;
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
        return { observation: r.observation, reward: r.reward, done: r.done, info: r.info };
      },
      score: async () => {
        const s = ScoreResponse.parse(await call("GET", `/score?session_id=${encodeURIComponent(sid())}`));
        return {
          score: s.score,
          success: s.success,
          episodes_completed: s.episodes_completed,
          total_episodes: s.total_episodes,
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
