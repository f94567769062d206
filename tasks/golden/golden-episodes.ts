import { scriptedBuyer } from "../../buyers/scripted-buyer";
import type { EpisodeEvent } from "../../env/events";
import type { Observation } from "../../env/observation";
import { runComplete, stepRun } from "../../env/run";
import { openRun } from "../open-run";

export interface GoldenRun {
  task: string;
  seed: number;
  observations: Observation[];
  rewards: number[];
  events: EpisodeEvent[][];
}

export const GOLDEN_SEEDS: readonly number[] = [1, 2026];

/** Play a task with the scripted buyer and collect everything a golden fixture pins. */
export function playGolden(task: string, seed: number): GoldenRun {
  const run = openRun(task, { seed, episodeId: `golden-${task}-${seed}` });
  const observations: Observation[] = [];
  const rewards: number[] = [];
  let guard = 0;
  while (!runComplete(run) && guard++ < 500) {
    const r = stepRun(run, scriptedBuyer(run));
    observations.push(r.info.terminal_observation ?? r.observation);
    rewards.push(r.reward);
    if (r.done) break;
  }
  return { task, seed, observations, rewards, events: [...run.finished, run.episode].map((e) => e.events) };
}
