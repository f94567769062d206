import { describe, expect, it } from "vitest";
import { openRun } from "../tasks/open-run";
import type { Action } from "./action";
import { branchEpisodeLog, buyerMoves } from "./branch";
import type { EpisodeState } from "./episode-state";
import { ReplayMismatchError, replayRun } from "./replay";
import { type RunState, restartEpisode, stepRun } from "./run";

// Fixture runs come from the task layer (tests only): env has no task of its own to plan.
const career = (extractor?: "rules" | "model") =>
  openRun("career_10", { seed: 7, episodeId: "ep", ...(extractor ? { tellsExtractor: extractor } : {}) });

/** A buyer that haggles down then accepts: enough rounds to leave a log worth replaying. */
function move(e: EpisodeState): Action {
  if (e.round >= 3) return { type: "accept" };
  return { type: "offer", price: Math.round(e.lastQuote * 0.7), message: "Can you do better?" };
}

function play(run: RunState, episodes: number): void {
  while (run.records.length < episodes) stepRun(run, move(run.episode));
}

const logsOf = (run: RunState) =>
  [...run.finished, run.episode].map((e) => ({
    id: e.spec.episode_id,
    episode_index: e.spec.episode,
    events: e.events,
  }));

describe("replayRun", () => {
  it("rebuilds a run from its stored logs: the same events, records and career", () => {
    const live = career();
    play(live, 2);
    stepRun(live, move(live.episode));
    const rebuilt = replayRun(career(), JSON.parse(JSON.stringify(logsOf(live))));
    expect(rebuilt.records).toEqual(live.records);
    expect(rebuilt.career).toEqual(live.career);
    expect(JSON.stringify(rebuilt.episode.events)).toBe(JSON.stringify(live.episode.events));
  });

  it("refuses a log that does not replay to the same events", () => {
    const live = career();
    play(live, 1);
    const logs = JSON.parse(JSON.stringify(logsOf(live)));
    logs[0].events[2].message = "tampered";
    expect(() => replayRun(career(), logs)).toThrow(ReplayMismatchError);
  });
});

describe("restartEpisode", () => {
  it("starts the current episode again from its opening, keeping the career and the run's options", () => {
    const run = career("model");
    play(run, 1);
    const opening = JSON.stringify(run.episode.events);
    stepRun(run, move(run.episode));
    restartEpisode(run);
    expect(run.episode.spec.episode).toBe(2);
    expect(JSON.stringify(run.episode.events)).toBe(opening);
    expect(run.records).toHaveLength(1);
  });
});

describe("branchEpisodeLog", () => {
  const played = () => {
    const run = openRun("single_deal", { seed: 11, episodeId: "orig" });
    play(run, 1);
    return run;
  };

  it("replaying the same moves from round 1 reproduces the original under the branch's id", () => {
    const run = played();
    const orig = run.finished[0] ?? run.episode;
    const first = buyerMoves(orig.events)[0];
    if (first === undefined) throw new Error("the fixture buyer moved");
    const action: Action = { type: "offer", price: first.raw_price ?? undefined, message: first.message };
    const rt = { seller: run.plan.seller, grade: run.plan.gradeEpisode };
    const b = branchEpisodeLog(orig.events, 1, action, "repeat", "orig~cf", rt);
    expect(b?.record).toEqual(orig.record);
    expect(b?.spec.episode_id).toBe("orig~cf");
  });

  it("a different move changes the outcome; a round without a buyer move is null", () => {
    const run = played();
    const orig = run.finished[0] ?? run.episode;
    const rt = { seller: run.plan.seller, grade: run.plan.gradeEpisode };
    expect(branchEpisodeLog(orig.events, 1, { type: "walk" }, "greedy", "x", rt)?.record?.outcome).toBe(
      "walk",
    );
    expect(branchEpisodeLog(orig.events, 99, { type: "walk" }, "greedy", "x", rt)).toBeNull();
  });
});

describe("replayRun with an outside seller the guard corrected", () => {
  const single = () => openRun("single_deal", { seed: 11, episodeId: "ext" });
  /** A run whose outside seller countered far below any reservation: the guard must lift it. */
  const correctedLive = () => {
    const live = single();
    stepRun(
      live,
      { type: "offer", price: 5, message: "5?" },
      { action: "counter", price: 10, message: "10 it is" },
    );
    return live;
  };

  it("replays the stored (guarded) turn with the interventions recorded live", () => {
    const live = correctedLive();
    const replied = live.episode.events.at(-1);
    expect(replied?.type === "seller_replied" && replied.guard.length).toBeGreaterThan(0);
    const rebuilt = replayRun(single(), JSON.parse(JSON.stringify(logsOf(live))));
    expect(JSON.stringify(rebuilt.episode.events)).toBe(JSON.stringify(live.episode.events));
  });

  it("still refuses a stored outside turn the guard would change (it is not the turn that was played)", () => {
    const live = correctedLive();
    const logs = JSON.parse(JSON.stringify(logsOf(live)));
    logs[0].events.at(-1).price = 1;
    expect(() => replayRun(single(), logs)).toThrow(ReplayMismatchError);
  });
});
