import { type EpisodeGrader, replayEvents } from "../../env/episode-state";
import { round4 } from "../../env/money";
import { publicEpisode } from "../../env/public-state";
import { storedRuntime } from "../sessions/stored-runtime";
import type { StoredEpisode } from "../storage/episode-store";
import type { EpisodeView } from "../wire/episode-view";
import { type StoredEpisodeFacts, storedRevealed } from "./reveal";

export type EpisodeAccess = Omit<StoredEpisodeFacts, "status">;

/**
 * A stored episode as a reader may see it. Who may read at all (live episodes only with their
 * session) is decided by the caller; this decides how much: the buyer's view while the run is
 * being played, the whole log with the seller's hidden values once it is over.
 */
export function episodeView(ep: StoredEpisode, access: EpisodeAccess): EpisodeView {
  let grade: EpisodeGrader | null = null;
  try {
    grade = storedRuntime(ep).grade;
  } catch {
    // A log from a release this build no longer has is still readable; it just has no score.
  }
  const state = replayEvents(ep.events, grade);
  const full = storedRevealed({ status: ep.status, ...access });
  return {
    episode_id: ep.id,
    visibility: full ? "full" : "public",
    task: ep.task,
    task_version: ep.task_version,
    seller: ep.seller,
    engine_version: ep.engine_version,
    seed: ep.seed,
    episode: ep.episode_index,
    status: ep.status,
    record: state.record,
    branched_from: ep.branched_from,
    from_round: ep.from_round,
    created_at: new Date(ep.created_at).toISOString(),
    summary: {
      rounds: state.round,
      buyer_moves: ep.events.filter((e) => e.type === "buyer_acted").length,
      seller_replies: ep.events.filter((e) => e.type === "seller_replied").length,
      outcome: state.outcome,
      agreed_price: state.agreedPrice,
      cumulative_reward: state.cumulativeReward,
      score: state.record !== null && grade !== null ? round4(grade(state.record)) : null,
    },
    public: publicEpisode(state),
    events: full ? ep.events : null,
  };
}
