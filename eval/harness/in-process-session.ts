import { ENGINE_VERSION } from "../../env/engine-version";
import { observe } from "../../env/observe";
import { type RunState, scoreRun, stepRun } from "../../env/run";
import { openRun } from "../../tasks/open-run";
import type { EvalSession, EvalSessionFactory } from "./eval-env";

/** Episodes played directly on the engine: the default transport and the reference for --server mode. */
export const inProcessSessions: EvalSessionFactory = (): EvalSession => {
  let run: RunState | null = null;
  const live = (): RunState => {
    if (run === null) throw new Error("step before reset");
    return run;
  };
  return {
    reset: async (req) => {
      const r = openRun(req.taskId, {
        seed: req.seed,
        episodeId: req.episodeId,
        enableTells: req.tells,
        ...(req.seller !== undefined ? { seller: req.seller } : {}),
      });
      run = r;
      return {
        observation: observe(r.episode),
        seller: r.episode.seller,
        taskVersion: r.plan.taskVersion,
        engineVersion: ENGINE_VERSION,
        totalEpisodes: r.plan.totalEpisodes,
      };
    },
    step: async (action) => stepRun(live(), action),
    score: async () => scoreRun(live()),
    close: async () => {
      run = null;
    },
  };
};
