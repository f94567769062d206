import { describe, expect, it } from "vitest";
import { leaderboard } from "./leaderboard";
import { storedRun } from "./testing/stored-run";

const run = storedRun;

describe("leaderboard", () => {
  it("ranks buyers per task on the mean task score with CIs, provenance and example seeds", async () => {
    const r = await run(
      "a",
      ["rule:naive", "rule:smart"],
      ["single_deal"],
      [1, 2, 3, 4],
      "2026-01-01T00:00:00Z",
    );
    const t = leaderboard([r]);
    expect(t.per_task.map((x) => x.rank)).toEqual([1, 2]);
    const [first, second] = t.per_task;
    expect(first?.mean_task_score).toBeGreaterThanOrEqual(second?.mean_task_score ?? Infinity);
    for (const row of t.per_task) {
      const scores = r.units.filter((u) => u.buyer_id === row.buyer).map((u) => u.score);
      expect(row.mean_task_score).toBeCloseTo(scores.reduce((a, b) => a + b, 0) / scores.length, 4);
      expect(row.task_score_ci95[0]).toBeLessThanOrEqual(row.mean_task_score);
      expect(row.task_score_ci95[1]).toBeGreaterThanOrEqual(row.mean_task_score);
      expect(row).toMatchObject({
        seeds: 4,
        run_id: "a",
        git_commit: "commit-a",
        task_versions: { single_deal: "1" },
      });
      expect(row.sellers.single_deal).toMatch(/^bazaar-default@1#[0-9a-f]{16}$/);
      expect(row.examples.map((e) => e.why)).toContain("median");
      for (const e of row.examples) expect(e.episode_id).toBe(`a.${row.buyer}.single_deal.${e.seed}`);
      expect(row.fraction_of_oracle).toBeNull();
    }
    // One task only: nothing to pool into an overall row.
    expect(t.overall).toEqual([]);
    expect(t.available).toEqual({
      tasks: ["single_deal"],
      sellers: ["bazaar-default@1"],
      engines: [r.engine_version],
    });
  });

  it("keeps the newest run where two runs measured the same thing, and pools tasks overall", async () => {
    const old = await run(
      "old",
      ["rule:smart"],
      ["single_deal", "deceptive_seller"],
      [1, 2],
      "2026-01-01T00:00:00Z",
    );
    const neu = await run(
      "new",
      ["rule:smart"],
      ["single_deal", "deceptive_seller"],
      [1, 2],
      "2026-02-01T00:00:00Z",
    );
    const t = leaderboard([old, neu]);
    expect(t.per_task.map((r) => [r.task, r.run_id])).toEqual([
      ["deceptive_seller", "new"],
      ["single_deal", "new"],
    ]);
    expect(t.overall).toHaveLength(1);
    expect(t.overall[0]).toMatchObject({ task: "all", run_id: "new", seeds: 2 });
    expect(Object.keys(t.overall[0]?.task_versions ?? {})).toEqual(["deceptive_seller", "single_deal"]);
    expect(t.runs_considered).toBe(2);
  });

  it("filters by task, seller and engine; an unmatched filter gives empty tables", async () => {
    const r = await run(
      "f",
      ["rule:smart"],
      ["single_deal", "deceptive_seller"],
      [1],
      "2026-01-01T00:00:00Z",
    );
    expect(leaderboard([r], { task: "deceptive_seller" }).per_task.map((x) => x.task)).toEqual([
      "deceptive_seller",
    ]);
    expect(leaderboard([r], { seller: "bazaar-deceptive@1" }).per_task.map((x) => x.task)).toEqual([
      "deceptive_seller",
    ]);
    const none = leaderboard([r], { engine: "0.0.0-none" });
    expect(none.per_task).toEqual([]);
    expect(none.overall).toEqual([]);
    expect(none.available.tasks).toEqual(["deceptive_seller", "single_deal"]);
  });

  it("gives the fraction of oracle when an oracle row measured the same tasks, seeds and sellers", async () => {
    const r = await run(
      "o",
      ["rule:naive", "rule:smart"],
      ["single_deal"],
      [1, 2, 3],
      "2026-01-01T00:00:00Z",
    );
    // Stand the smart buyer in as the oracle: the ratio must be each mean over the oracle's mean.
    const asOracle = r.units
      .filter((u) => u.buyer_id === "rule:smart")
      .map((u) => ({ ...u, buyer_id: "oracle" }));
    const t = leaderboard([{ ...r, units: [...r.units, ...asOracle] }]);
    const oracle = t.per_task.find((x) => x.buyer === "oracle");
    const naive = t.per_task.find((x) => x.buyer === "rule:naive");
    expect(oracle?.fraction_of_oracle).toBe(1);
    expect(naive?.fraction_of_oracle).toBeCloseTo(
      (naive?.mean_task_score ?? 0) / (oracle?.mean_task_score ?? 1),
      3,
    );
  });

  it("is empty without runs", () => {
    expect(leaderboard([])).toEqual({
      per_task: [],
      overall: [],
      available: { tasks: [], sellers: [], engines: [] },
      runs_considered: 0,
    });
  });
});
