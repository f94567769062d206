import { describe, expect, it } from "vitest";
import type { SellerLeaderboardResponse, SellerLeaderboardRow } from "../src/wire/leaderboard";
import { renderSellerLeaderboard } from "./seller-board-view";

const row = (o: Partial<SellerLeaderboardRow> = {}): SellerLeaderboardRow => ({
  rank: 1,
  agent: "scripted-seller@1",
  agent_hash: "f6f0cea5d5eb0749",
  task: "sell_single_deal",
  task_versions: { sell_single_deal: "2" },
  buyers: { sell_single_deal: "rule-smart@1#abc" },
  engine_version: "1.2.0",
  tells: true,
  seeds: 6,
  mean_score: 0.195,
  score_ci95: [0.081, 0.308],
  parse_error_rate: 0,
  run_id: "r<1>",
  git_commit: "f0b4288bdc0000",
  created_at: "2026-01-01T00:00:00Z",
  examples: [],
  ...o,
});

const view = (rows: SellerLeaderboardRow[], runs = 1): SellerLeaderboardResponse => ({
  role: "seller",
  per_task: rows.filter((r) => r.task !== "all"),
  overall: rows.filter((r) => r.task === "all"),
  available: { tasks: [], buyers: [], agents: [], engines: [] },
  runs_considered: runs,
  filters: {},
  parse_error_warn: 0.2,
  how_to_add: "",
});

describe("renderSellerLeaderboard", () => {
  it("draws a table per task and overall, every row with its CI bar, buyers and provenance, escaped", () => {
    const html = renderSellerLeaderboard(
      view([
        row(),
        row({
          task: "all",
          buyers: { sell_single_deal: "boulware@1#1,rule-smart@1#2" },
          parse_error_rate: 0.5,
        }),
      ]),
    );
    expect(html.match(/<table class="board-table seller-board"/g)).toHaveLength(2);
    expect(html.match(/<svg class="ci"/g)).toHaveLength(2);
    expect(html).toContain("boulware@1, rule-smart@1");
    expect(html).toContain("run r&lt;1&gt;");
    expect(html).toContain("50% unusable replies");
  });

  it("says how to make a seller run when there is none, and that filters hide rows when they do", () => {
    expect(renderSellerLeaderboard(view([], 0))).toContain("eval --role seller --agent scripted");
    expect(renderSellerLeaderboard(view([], 2))).toContain("No stored seller eval run matches these filters");
  });
});
