import { describe, expect, it } from "vitest";
import type { LeaderboardResponse, LeaderboardRow } from "./api";
import { ciBar, filterOptions, renderLeaderboard, scoreScale } from "./leaderboard-view";

const row = (over: Partial<LeaderboardRow> = {}): LeaderboardRow => ({
  rank: 1,
  buyer: "rule:smart",
  buyer_prompt_hash: null,
  task: "single_deal",
  task_versions: { single_deal: "1" },
  sellers: { single_deal: "bazaar-default@1#abc" },
  engine_version: "1.0.0",
  tells: true,
  seeds: 30,
  mean_task_score: 0.5,
  task_score_ci95: [0.4, 0.6],
  fraction_of_oracle: null,
  parse_error_rate: 0,
  run_id: "r1",
  git_commit: "0123456789abcdef",
  created_at: "2026-01-01T00:00:00Z",
  examples: [
    {
      seed: 3,
      task: "single_deal",
      episode_id: "r1.rule:smart.single_deal.3",
      score: 0.5,
      why: "median",
      replay: "/web/replay?run=r1&episode=x",
    },
  ],
  run: "/eval/runs/r1",
  ...over,
});
const board = (over: Partial<LeaderboardResponse> = {}): LeaderboardResponse => ({
  per_task: [row(), row({ rank: 2, buyer: "rule:naive", mean_task_score: 0.2, task_score_ci95: [0.1, 0.3] })],
  overall: [],
  available: { tasks: ["single_deal"], sellers: ["bazaar-default@1"], engines: ["1.0.0"] },
  runs_considered: 1,
  filters: {},
  parse_error_warn: 0.2,
  how_to_add: "run bazaar eval",
  ...over,
});

describe("leaderboard view", () => {
  it("draws each CI on the table's shared axis, the mean inside its bar", () => {
    const scale = scoreScale([row()]);
    expect(scale).toEqual([0, 1]);
    const svg = ciBar(row(), scale);
    const x = Number(/<rect[^>]* x="([\d.]+)"/.exec(svg)?.[1]);
    const w = Number(/ width="([\d.]+)" height="8"/.exec(svg)?.[1]);
    const cx = Number(/cx="([\d.]+)"/.exec(svg)?.[1]);
    expect(x).toBeCloseTo(0.4 * 112 + 4, 1);
    expect(w).toBeCloseTo(0.2 * 112, 1);
    expect(cx).toBeCloseTo(0.5 * 112 + 4, 1);
    expect(svg).toContain('aria-label="mean 0.500, 95% CI 0.400 to 0.600"');
    expect(scoreScale([row({ task_score_ci95: [-0.5, 1.2] })])).toEqual([-0.5, 1.2]);
  });

  it("renders a ranked table per task with provenance, run and replay links", () => {
    const html = renderLeaderboard(board());
    expect(html.match(/<tr>/g)).toHaveLength(3);
    expect(html).toContain('href="/eval/runs/r1"');
    expect(html).toContain('href="/web/replay?run=r1&amp;episode=x"');
    expect(html).toContain("commit 0123456789");
    expect(html).toContain(
      'href="/web/watch?buyer=rule%3Asmart&amp;seller=bazaar-default%401&amp;task=single_deal"',
    );
    expect(html).toContain('tabindex="0"');
  });

  it("marks rows that mostly measured the fallback, and escapes server strings", () => {
    const html = renderLeaderboard(board({ per_task: [row({ buyer: "<b>x</b>", parse_error_rate: 0.9 })] }));
    expect(html).toContain('class="flagged"');
    expect(html).toContain("90% unreadable replies");
    expect(html).not.toContain("<b>x</b>");
  });

  it("explains how to make a run when there is none, and says when filters hide everything", () => {
    expect(renderLeaderboard(board({ per_task: [], runs_considered: 0 }))).toContain(
      "eval --buyer rule:naive",
    );
    expect(renderLeaderboard(board({ per_task: [], runs_considered: 2 }))).toContain(
      "No stored eval run matches",
    );
  });

  it("keeps a chosen filter selectable even when no run has it", () => {
    const html = filterOptions(["a"], "gone", "any");
    expect(html).toContain('<option value="gone" selected>');
    expect(html.match(/<option/g)).toHaveLength(3);
  });
});
