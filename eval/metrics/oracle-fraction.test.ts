import { describe, expect, it } from "vitest";
import { buyerFromSpec } from "../buyers/buyer-registry";
import { playOracle } from "../game/oracle-reference";
import { inProcessSessions } from "../harness/in-process-session";
import { memoryStore } from "../harness/memory-store";
import { runEval } from "../harness/run-eval";
import { withOracle } from "./oracle-fraction";
import { formatSummaryTable } from "./summary-table";

const deps = {
  sessions: inProcessSessions,
  transport: "in-process" as const,
  gitCommit: "c0ffee",
  concurrency: 2,
};
const seeds = [1, 2, 3, 4];

async function rows(tasks: string[], seller?: string) {
  const out = await runEval(
    {
      runId: "fraction",
      buyers: [buyerFromSpec("rule:smart"), buyerFromSpec("strategy:accept-first")],
      tasks,
      seeds,
      tells: true,
      ...(seller === undefined ? {} : { seller }),
    },
    { ...deps, store: memoryStore() },
  );
  return out.summary;
}

describe("fraction of the oracle in eval summaries", () => {
  it("divides each row's score by the oracle's on the same task, seller and seeds", async () => {
    const summary = await rows(["single_deal@3", "single_deal"]);
    const oracle = await playOracle({ tasks: ["single_deal@3"], seeds, tells: true }, deps);
    const ceiling = oracle.reduce((k, u) => k + u.score, 0) / oracle.length;
    const s = withOracle(summary, oracle);
    expect(s.oracle).toEqual([
      {
        task: "single_deal@3",
        seller: summary.versions.sellers["single_deal@3"],
        runs: 4,
        mean_task_score: Math.round(ceiling * 10_000) / 10_000,
      },
    ]);
    for (const r of s.rows.filter((x) => x.task === "single_deal@3")) {
      expect(r.fraction_of_oracle).toBeCloseTo(r.mean_task_score / ceiling, 3);
      // The oracle never does worse than a scripted buyer on its own seeds.
      expect(r.fraction_of_oracle).toBeLessThanOrEqual(1);
    }
    // No oracle for the v1 task here: its rows stay exactly as they were.
    expect(s.rows.filter((x) => x.task === "single_deal")).toEqual(
      summary.rows.filter((x) => x.task === "single_deal"),
    );
    const table = formatSummaryTable(s);
    expect(table.split("\n")[0]).toContain("of oracle");
    expect(table).toMatch(/single_deal +4 .* - /);
    expect(table).toContain(`"of oracle": score ÷ the oracle buyer's`);
  });

  it("is left out where the oracle is not known: other seeds, another seller, or none measured", async () => {
    const summary = await rows(["single_deal@3"]);
    expect(withOracle(summary, [])).toBe(summary);
    const fewer = await playOracle({ tasks: ["single_deal@3"], seeds: [1, 2], tells: true }, deps);
    expect(withOracle(summary, fewer)).toBe(summary);
    const pinnedElsewhere = await rows(["single_deal@3"], "responsive@1");
    const oracle = await playOracle({ tasks: ["single_deal@3"], seeds, tells: true }, deps);
    expect(withOracle(pinnedElsewhere, oracle)).toBe(pinnedElsewhere);
    expect(formatSummaryTable(summary)).not.toContain("of oracle");
  });
});
