import type { DealRecord, Observation, TellObservation } from "../src/wire/env-types";
import type { ResetResponse, StepResponse } from "./api";

/**
 * setup → starting → playing ⇄ sending → finished; "start" from finished plays again.
 * Events that do not fit the current phase are ignored, so a double click cannot send twice.
 */
export type Phase = "setup" | "starting" | "playing" | "sending" | "finished";

export interface PlayState {
  phase: Phase;
  sessionId: string | null;
  episodeId: string | null;
  obs: Observation | null;
  /** The latest read on the seller in this deal: a closing move brings no new tells, the last ones still stand. */
  tells: TellObservation | null;
  /** Deals finished so far in this run (career tasks have several). */
  records: DealRecord[];
  /** Episode ids in the order they were played, for replay links. */
  episodeIds: string[];
  lastReward: number | null;
  totalReward: number;
  error: string | null;
}

export type PlayEvent =
  | { type: "start" }
  | { type: "reset_ok"; res: ResetResponse }
  | { type: "send" }
  | { type: "step_ok"; res: StepResponse }
  | { type: "failed"; message: string };

export const INITIAL: PlayState = {
  phase: "setup",
  sessionId: null,
  episodeId: null,
  obs: null,
  tells: null,
  records: [],
  episodeIds: [],
  lastReward: null,
  totalReward: 0,
  error: null,
};

export function advance(s: PlayState, e: PlayEvent): PlayState {
  switch (e.type) {
    case "start":
      return s.phase === "setup" || s.phase === "finished" ? { ...INITIAL, phase: "starting" } : s;
    case "reset_ok":
      if (s.phase !== "starting") return s;
      return {
        ...INITIAL,
        phase: "playing",
        sessionId: e.res.session_id,
        episodeId: e.res.episode_id,
        episodeIds: [e.res.episode_id],
        obs: e.res.observation,
        tells: e.res.observation.tells,
      };
    case "send":
      return s.phase === "playing" ? { ...s, phase: "sending", error: null } : s;
    case "step_ok": {
      if (s.phase !== "sending") return s;
      const { res } = e;
      const result = res.info.episode_result;
      const records = result ? [...s.records, result] : s.records;
      const newDeal = res.episode_id !== s.episodeId;
      const episodeIds = newDeal ? [...s.episodeIds, res.episode_id] : s.episodeIds;
      return {
        ...s,
        phase: res.done ? "finished" : "playing",
        episodeId: res.episode_id,
        episodeIds,
        obs: res.observation,
        tells: res.observation.tells ?? (newDeal ? null : s.tells),
        records,
        lastReward: res.reward,
        totalReward: s.totalReward + res.reward,
      };
    }
    case "failed":
      if (s.phase === "starting") return { ...s, phase: "setup", error: e.message };
      if (s.phase === "sending") return { ...s, phase: "playing", error: e.message };
      return { ...s, error: e.message };
  }
}

export const canMove = (s: PlayState): boolean => s.phase === "playing";
