import { describe, expect, it } from "vitest";
import { runGameBars } from "./game-bars";
import { SCRIPTED_SPECS } from "./game-buyers";
import { gameMarkdown } from "./game-table";

describe("game v2 bars report", () => {
  it("tabulates every scripted buyer and the oracle, stamps identities, and checks each bar", async () => {
    const r = await runGameBars({
      tasks: ["single_deal@2", "read_the_tells@2"],
      seeds: [1, 2, 3],
      gitCommit: "test",
    });
    expect(r).toMatchObject({ git_commit: "test", seeds: 3, engine_version: expect.any(String) });
    const t = r.tasks[0];
    if (t === undefined) throw new Error("no task row");
    expect(t.seller).toMatch(/^responsive@1\+[0-9a-f]{16}$/);
    expect(t.cells.map((c) => c.buyer)).toEqual([...SCRIPTED_SPECS, "oracle"]);
    // The oracle plays the best of its candidates per episode, the scripted buyers among them.
    for (const c of t.cells) expect(c.mean).toBeLessThanOrEqual(t.oracle + 1e-9);
    expect(t.headroom).toBeCloseTo(t.oracle - t.best_scripted.mean, 4);
    expect(r.tells.map((x) => x.task)).toEqual(["read_the_tells@2"]);
    for (const bar of Object.values(r.bars)) expect(typeof bar.pass).toBe("boolean");
    const md = gameMarkdown(r);
    expect(md).toContain("| oracle |");
    expect(md).toContain("paired bootstrap 95 % CI");
  });

  it("on a market task names the rival field and measures the market section, paired by seed", async () => {
    const r = await runGameBars({ tasks: ["marketplace_arena@4"], seeds: [1, 2, 3], gitCommit: "test" });
    const t = r.tasks[0];
    expect(t?.field).toMatch(/^arena-field@1\+[0-9a-f]{16}$/);
    expect(r.market).toHaveLength(1);
    expect(r.market[0]).toMatchObject({ task: "marketplace_arena@4", buyer: "param:tells-reader" });
    expect(r.market[0]?.diff).toBeCloseTo((r.market[0]?.reading ?? 0) - (r.market[0]?.ignoring ?? 0), 3);
    expect(gameMarkdown(r)).toContain("| market task |");
  });
});
