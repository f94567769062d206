import type { EvalSession, EvalSessionFactory } from "../../../eval/harness/eval-env";
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
