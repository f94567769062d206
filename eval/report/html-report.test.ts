import { describe, expect, it } from "vitest";
import { buyerFromSpec } from "../buyers/buyer-registry";
import { inProcessSessions } from "../harness/in-process-session";
import { memoryStore } from "../harness/memory-store";
import { runEval } from "../harness/run-eval";
import { renderHtmlReport } from "./html-report";

describe("HTML report", () => {
  it("is one self-contained page with tables, CI bars, trajectories and a Pareto chart when costs exist", async () => {
    const out = await runEval(
      {
        runId: "html",
        buyers: [buyerFromSpec("rule:naive"), buyerFromSpec("time:linear")],
        tasks: ["single_deal", "amazon_realistic"],
        seeds: [1, 2, 3],
        tells: true,
      },
      {
        sessions: inProcessSessions,
        transport: "in-process",
        gitCommit: "c0ffee",
        concurrency: 2,
        store: memoryStore(),
      },
    );
    const html = renderHtmlReport("html<run>", out.summary, out.units);
    expect(html).toContain("Eval run <code>html&#60;run&#62;</code>");
    expect(html.match(/<svg/g)).toHaveLength(4);
    expect(html).toContain("No token costs recorded");
    expect(html).not.toMatch(/<script|<link|<img|url\(/);

    const withCost = structuredClone(out.summary);
    for (const r of withCost.rows) r.tokens_per_episode = r.buyer === "rule:naive" ? 100 : 300;
    expect(renderHtmlReport("x", withCost, out.units)).toContain("Pareto front");
  });
});
