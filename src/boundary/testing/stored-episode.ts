import type { EpisodeState } from "../../../env/episode-state";
import type { StoredEpisode } from "../../storage/episode-store";

/** An episode as storage would hand it back (session "s", run 1), for boundary tests. */
export function storedEpisode(e: EpisodeState): StoredEpisode {
  return {
    key: 1,
    id: e.spec.episode_id,
    session_id: "s",
    run: 1,
    task: e.spec.task_id,
    task_version: e.spec.task_version,
    seller: e.seller,
    engine_version: "test",
    seed: e.spec.seed,
    episode_index: 1,
    status: e.done ? "finished" : "running",
    outcome: e.outcome,
    record: e.record,
    branched_from: null,
    from_round: null,
    created_at: 0,
    events: e.events,
  };
}
