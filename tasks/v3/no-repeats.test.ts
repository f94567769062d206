import { describe, expect, it } from "vitest";
import { runComplete, stepRun } from "../../env/run";
import { repeatsRoundToRound } from "../../sellers/testing/repeats";
import { openRun } from "../open-run";

/** Seeds where the seller says a sentence it said the round before (#17 item 14), against a buyer creeping up. */
function seedsWithRepeats(task: string, seeds: number): number[] {
  const out: number[] = [];
  for (let seed = 1; seed <= seeds; seed++) {
    const run = openRun(task, { seed, episodeId: `repeats-${seed}` });
    let offer = 0.55 * run.episode.reservation;
    const said: string[] = [];
    while (!runComplete(run)) {
      const r = stepRun(run, { type: "offer", price: Math.round(offer * 100) / 100 });
      const o = r.info.terminal_observation ?? r.observation;
      if (o.seller_message !== null) said.push(o.seller_message);
      offer *= 1.03;
      if (r.done) break;
    }
    if (repeatsRoundToRound(said)) out.push(seed);
  }
  return out;
}

describe("the deceptive task's seller across rounds (#17 item 14)", () => {
  it("responsive@1 on deceptive_seller@2 (frozen) repeats itself: bluffs and counter lines come back", () => {
    expect(seedsWithRepeats("deceptive_seller@2", 60).length).toBeGreaterThan(10);
  });

  it("responsive@2 on deceptive_seller@3 never says a sentence it said the round before", () => {
    expect(seedsWithRepeats("deceptive_seller@3", 300)).toEqual([]);
  });
});
