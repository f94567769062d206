import { describe, expect, it } from "vitest";
import type { Action } from "../../env/action";
import { Rng } from "../../env/prng";
import { runComplete, scoreRun, stepRun } from "../../env/run";
import { openRun } from "../open-run";
import { V2_TASK_KEYS } from "../task-ref";

/** A random buyer that also sends invalid prices now and then. */
function randomAction(rng: Rng, ask: number, budget: number): Action {
  const u = rng.next();
  if (u < 0.08) return { type: "accept" };
  if (u < 0.1) return { type: "walk" };
  if (u < 0.14) return { type: "offer", price: budget * 2 };
  return { type: "offer", price: Math.round(rng.uniform(0, ask) * 100) / 100 };
}

function play(task: string, seed: number, rewardMode: "shaped" | "shaped-v1" | "terminal") {
  const run = openRun(task, { seed, episodeId: "r", rewardMode });
  const rng = new Rng(seed * 31 + 7);
  let total = 0;
  let guard = 0;
  const components = new Set<string>();
  while (!runComplete(run) && guard++ < 500) {
    const e = run.episode;
    const r = stepRun(run, randomAction(rng, e.lastQuote, e.spec.buyer_budget));
    total += r.reward;
    for (const k of Object.keys(r.info.reward_components)) components.add(k);
    if (r.done) break;
  }
  return { total, score: scoreRun(run).score, episodes: run.records.length, components };
}

describe("v2 reward modes", () => {
  it("shaped (potential-based): the return of a single-episode run equals its score", () => {
    for (const task of V2_TASK_KEYS.filter((k) => !k.startsWith("career") && !k.startsWith("read_the")))
      for (let seed = 1; seed <= 15; seed++) {
        const p = play(task, seed, "shaped");
        expect(p.total, `${task} seed ${seed}`).toBeCloseTo(p.score, 3);
      }
  });

  it("shaped on a career: the return is the sum of episode grades, i.e. episodes × score", () => {
    for (let seed = 1; seed <= 5; seed++) {
      const p = play("read_the_tells@2", seed, "shaped");
      expect(p.total).toBeCloseTo(p.episodes * p.score, 2);
    }
  });

  it("shaped-v1 keeps the original formula on v2 tasks (its components, not the potential)", () => {
    const p = play("single_deal@2", 3, "shaped-v1");
    const q = play("single_deal@2", 3, "shaped");
    expect(p.components.has("potential")).toBe(false);
    expect(q.components.has("potential")).toBe(true);
    expect(p.score).toBe(q.score);
  });

  it("terminal stays 0 until the end, then the score", () => {
    for (let seed = 1; seed <= 5; seed++) {
      const p = play("single_deal@2", seed, "terminal");
      expect(p.total).toBeCloseTo(p.score, 4);
    }
  });
});
