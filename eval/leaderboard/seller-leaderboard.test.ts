import { describe, expect, it } from "vitest";
import { scriptedSeller } from "../seller-role/seller-agent";
import { runSellerEval } from "../seller-role/seller-eval";
import { inProcessSellerSessions } from "../seller-role/seller-eval-env";
import { type StoredSellerRun, sellerLeaderboard } from "./seller-leaderboard";

async function run(runId: string, tasks: string[], buyers: string[], seeds: number[], createdAt: string) {
  const units = await runSellerEval(
    { runId, agents: [scriptedSeller], tasks, buyers, seeds, tells: true },
    { sessions: inProcessSellerSessions(), transport: "in-process", concurrency: 2 },
  );
  return {
    run_id: runId,
    git_commit: `commit-${runId}`,
    created_at: createdAt,
    units: units.map((u) => ({
      run_id: runId,
      agent: `${scriptedSeller.id}@${scriptedSeller.version}`,
      agent_hash: scriptedSeller.hash,
      agent_prompt_hash: null,
      task_id: u.task.split("@")[0] as string,
      task_version: u.task.split("@")[1] as string,
      tells: true,
      git_commit: `commit-${runId}`,
      episode_id: `${runId}.${u.seed}`,
      unit: u,
    })),
  } satisfies StoredSellerRun;
}

describe("sellerLeaderboard", () => {
  it("ranks seller agents per task on the unit score, with the bootstrap CI and what each row pinned", async () => {
    const r = await run(
      "s",
      ["sell_single_deal@2", "sell_tough_buyer@2"],
      ["rule-smart@1", "boulware@1"],
      [1, 2, 3],
      "2026-01-01T00:00:00Z",
    );
    const t = sellerLeaderboard([r]);
    // One row per task and buyer: the same agent against two buyers is two measurements.
    expect(t.per_task).toHaveLength(4);
    for (const row of t.per_task) {
      const mine = r.units.filter(
        (s) =>
          s.task_id === row.task &&
          `${s.unit.buyer.id}@${s.unit.buyer.version}` === row.buyers[row.task]?.split("#")[0],
      );
      const scores = mine.map((s) => s.unit.score);
      expect(row.mean_score).toBeCloseTo(scores.reduce((a, b) => a + b, 0) / scores.length, 4);
      expect(row.score_ci95[0]).toBeLessThanOrEqual(row.mean_score);
      expect(row.score_ci95[1]).toBeGreaterThanOrEqual(row.mean_score);
      expect(row).toMatchObject({ agent: "scripted-seller@1", agent_hash: scriptedSeller.hash, seeds: 3 });
      expect(row.task_versions).toEqual({ [row.task]: "2" });
      expect(row.buyers[row.task]).toMatch(/^(rule-smart|boulware)@1#[0-9a-f]+$/);
      // Nothing hidden: no reservation, cost or buyer budget travels in a row.
      expect(JSON.stringify(row)).not.toMatch(/reservation|cost|budget|records/);
    }
    // Ranks restart per task and follow the mean score.
    const single = t.per_task.filter((x) => x.task === "sell_single_deal");
    expect(single.map((x) => x.rank)).toEqual([1, 2]);
    expect(single[0]?.mean_score).toBeGreaterThanOrEqual(single[1]?.mean_score ?? Infinity);
    // Overall pools the run's two tasks per agent: one row listing both task versions.
    expect(t.overall).toHaveLength(1);
    expect(t.overall[0]?.task_versions).toEqual({ sell_single_deal: "2", sell_tough_buyer: "2" });
    // It pooled both buyers on each task, and says so.
    for (const pins of Object.values(t.overall[0]?.buyers ?? {}))
      expect(pins).toMatch(/^boulware@1#[0-9a-f]+,rule-smart@1#[0-9a-f]+$/);
    expect(t.available).toEqual({
      tasks: ["sell_single_deal", "sell_tough_buyer"],
      buyers: ["boulware@1", "rule-smart@1"],
      agents: ["scripted-seller@1"],
      engines: [r.units[0]?.unit.engine_version],
    });
  });

  it("lets the newest of equal measurements stand, and filters by task, buyer, agent and engine", async () => {
    const old = await run("old", ["sell_single_deal@2"], ["rule-smart@1"], [1, 2], "2026-01-01T00:00:00Z");
    const neu = await run("new", ["sell_single_deal@2"], ["rule-smart@1"], [1, 2], "2026-01-02T00:00:00Z");
    expect(sellerLeaderboard([old, neu]).per_task.map((x) => x.run_id)).toEqual(["new"]);
    const v1 = await run("v1", ["sell_single_deal@1"], ["rule-smart@1"], [1, 2], "2026-01-01T00:00:00Z");
    // A different task version is a different measurement: both rows stand, each saying its version.
    const both = sellerLeaderboard([neu, v1]).per_task;
    expect(both.map((x) => x.task_versions.sell_single_deal).sort()).toEqual(["1", "2"]);
    expect(sellerLeaderboard([neu], { buyer: "boulware@1" }).per_task).toEqual([]);
    expect(sellerLeaderboard([neu], { buyer: "rule-smart@1" }).per_task).toHaveLength(1);
    expect(sellerLeaderboard([neu], { agent: "nobody@1" }).per_task).toEqual([]);
    expect(sellerLeaderboard([neu], { engine: "0.0.0-none" }).per_task).toEqual([]);
    expect(sellerLeaderboard([neu], { task: "sell_tough_buyer" }).per_task).toEqual([]);
  });

  it("is empty without runs", () => {
    expect(sellerLeaderboard([])).toEqual({
      per_task: [],
      overall: [],
      available: { tasks: [], buyers: [], agents: [], engines: [] },
      runs_considered: 0,
    });
  });
});
