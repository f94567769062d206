import { replayEvents } from "../../env/episode-state";
import type { EpisodeEvent } from "../../env/events";
import { round4 } from "../../env/money";
import type { DealRecord } from "../../env/records";
import type { StoredEpisode } from "../storage/episode-store";
import { storedRuntime } from "./stored-runtime";

export interface EpisodeSummary {
  rounds: number;
  buyer_moves: number;
  seller_replies: number;
  outcome: string | null;
  agreed_price: number | null;
  cumulative_reward: number;
  /** The task grader applied to this episode alone; null while it runs. */
  score: number | null;
}

export interface EpisodeView {
  episode_id: string;
  session_id: string | null;
  task: string;
  task_version: string;
  seller: { id: string; version: number; hash: string };
  engine_version: string;
  seed: number;
  episode: number;
  status: string;
  record: DealRecord | null;
  branched_from: string | null;
  from_round: number | null;
  created_at: string;
  summary: EpisodeSummary;
  events: EpisodeEvent[];
}

export function episodeView(ep: StoredEpisode): EpisodeView {
  let grade: ((r: DealRecord) => number) | null = null;
  try {
    grade = storedRuntime(ep).grade;
  } catch {
    // A log from a release this build no longer has is still readable; it just has no score.
  }
  const state = replayEvents(ep.events, grade);
  return {
    episode_id: ep.id,
    session_id: ep.session_id,
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
    events: ep.events,
  };
}
