import { describe, expect, it } from "vitest";
import { buyerFromSpec } from "../../buyers/buyer-registry";
import { inProcessSessions } from "../../eval/harness/in-process-session";
import { memoryStore } from "../../eval/harness/memory-store";
import { type EvalPlan, runEval, summaryPlan } from "../../eval/harness/run-eval";
import type { StoredRun } from "../../eval/leaderboard/leaderboard";
import { leaderboardView } from "../boundary/leaderboard-view";
import { evalEpisodeView, replayableUnit, unitEpisodes } from "./eval-episodes";
import { ServiceError } from "./session-service";

async function storedRun(tasks: string[]): Promise<StoredRun> {
  const plan: EvalPlan = {
    runId: "r1",
    buyers: [buyerFromSpec("rule:smart")],
    tasks,
    seeds: [1, 2],
    tells: true,
  };
  const out = await runEval(plan, {
    sessions: inProcessSessions,
    transport: "in-process",
    gitCommit: "test",
    concurrency: 1,
    store: memoryStore(),
  });
  return {
    run_id: "r1",
    git_commit: "test",
    engine_version: "x",
    created_at: "2026-01-01T00:00:00.000Z",
    plan: summaryPlan(plan),
    units: out.units,
  };
}

describe("eval episodes for the replay page", () => {
  it("rebuilds each episode of a unit with the records the eval measured", async () => {
    const run = await storedRun(["single_deal", "career_10"]);
    for (const u of run.units) {
      const eps = unitEpisodes(run, u);
      expect(eps.map((e) => e.record)).toEqual(u.records);
      expect(eps[0]?.id).toBe(`r1.rule:smart.${u.task_id}.${u.seed}`);
    }
    const view = evalEpisodeView(run, "r1", "r1.rule:smart.career_10.2-3");
    expect(view).toMatchObject({ episode: 3, seed: 2, visibility: "full", branched_from: null });
  });

  it("refuses a unit whose stored steps no longer reproduce, instead of showing something else", async () => {
    const run = await storedRun(["single_deal"]);
    const u = run.units[0];
    if (u === undefined) throw new Error("no unit");
    const tampered = { ...u, steps: u.steps.map((s, i) => (i === 0 ? { ...s, reward: s.reward + 0.5 } : s)) };
    const err = (() => {
      try {
        unitEpisodes(run, tampered);
      } catch (e) {
        return e;
      }
    })();
    expect(err).toBeInstanceOf(ServiceError);
    expect((err as ServiceError).status).toBe(409);
  });

  it("answers 404 for an unknown run or an id that is not one of the run's episodes", async () => {
    const run = await storedRun(["single_deal"]);
    for (const [r, id] of [
      [undefined, "r1.rule:smart.single_deal.1"],
      [run, "r1.rule:smart.single_deal.1-x"],
      [run, "r1.rule:smart.single_deal.1-2"],
      [run, "other"],
    ] as const) {
      expect(() => evalEpisodeView(r, "r1", id)).toThrow(expect.objectContaining({ status: 404 }));
    }
  });

  it("says which units it can open, and the leaderboard links only those", async () => {
    const run = await storedRun(["single_deal"]);
    const u = run.units[0];
    if (u === undefined) throw new Error("no unit");
    expect(replayableUnit(run, u)).toBe(true);
    const fromFile = { ...run, plan: { ...run.plan, listings: "amazon.csv#abc" } };
    expect(replayableUnit(fromFile, u)).toBe(false);
    expect(() => unitEpisodes(fromFile, u)).toThrow(expect.objectContaining({ status: 409 }));
    const llm = { ...u, seller_key: "llm-ollama:x@1" };
    expect(replayableUnit(run, llm)).toBe(false);
    const view = leaderboardView([fromFile], {});
    expect(view.per_task[0]?.examples.every((e) => e.replay === null)).toBe(true);
    expect(leaderboardView([run], {}).per_task[0]?.examples.every((e) => e.replay !== null)).toBe(true);
  });
});
