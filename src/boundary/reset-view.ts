import { observe } from "../../env/observe";
import type { RunState } from "../../env/run";
import type { ResetResponse } from "../wire/reset";

/** What a buyer receives when an episode opens: the opening observation and public provenance. */
export function resetView(
  sessionId: string,
  run: RunState,
  engineVersion: string,
  ignoredKeys: string[],
): ResetResponse {
  const e = run.episode;
  return {
    session_id: sessionId,
    episode_id: e.spec.episode_id,
    observation: observe(e),
    reward: null,
    done: false,
    terminated: false,
    truncated: false,
    info: {
      seed: e.spec.seed,
      task_id: e.spec.task_id,
      task_version: e.spec.task_version,
      seller: e.seller,
      reward_mode: e.spec.reward_mode,
      tells: e.spec.enable_tells,
      history_window: e.spec.history_window,
      engine_version: engineVersion,
      episode: e.spec.episode,
      total_episodes: e.spec.total_episodes,
      ignored_keys: ignoredKeys,
    },
  };
}
