import { beforeAll, describe, expect, it } from "vitest";
import { buyerFromSpec } from "../../buyers/buyer-registry";
import { llmBuyer } from "../../buyers/llm-buyer";
import { FALLBACK_IN_WORDS } from "../../buyers/parse-buyer-reply";
import type { ChatModel } from "../../env/chat-model";
import { inProcessSessions } from "../harness/in-process-session";
import { memoryStore } from "../harness/memory-store";
import { runEval } from "../harness/run-eval";
import { reliabilityNotes, UNRELIABLE_SHARE } from "./reliability";
import { formatSummaryTable } from "./summary-table";

/** A model that never answers with a move: every decision is the fallback's. */
const mumbler: ChatModel = {
  id: "fake:mumbler",
  chat: async () => ({
    text: "Hmm, let me think about the scarf.",
    usage: null,
    latencyMs: 1,
    model: "fake:mumbler",
  }),
};

function run() {
  return runEval(
    {
      runId: "reliability",
      buyers: [buyerFromSpec("rule:smart"), llmBuyer({ model: mumbler }), buyerFromSpec("rule:naive")],
      tasks: ["single_deal"],
      seeds: [1, 2, 3],
      tells: false,
    },
    {
      sessions: inProcessSessions,
      transport: "in-process",
      gitCommit: "c0ffee",
      concurrency: 1,
      store: memoryStore(),
    },
  );
}

describe("unreliable rows in the printed summary", () => {
  let summary: Awaited<ReturnType<typeof run>>["summary"];
  beforeAll(async () => {
    summary = (await run()).summary;
  });

  it("marks a buyer whose replies were all unreadable, in the table and the ladder, and says what the fallback played", () => {
    const mumbled = summary.rows.find((r) => r.buyer === "fake:mumbler");
    expect(mumbled?.parse_error_rate).toBe(1);
    const table = formatSummaryTable(summary);
    const lines = table.split("\n");
    expect(lines.find((l) => l.includes("fake:mumbler") && l.includes("single_deal"))).toMatch(
      /^! fake:mumbler/,
    );
    expect(lines.find((l) => l.includes("rule:naive") && l.includes("single_deal"))).toMatch(/^rule:naive/);
    const ladder = lines.slice(lines.findIndex((l) => l.startsWith("Scaling ladder")));
    expect(ladder.some((l) => l.startsWith("! fake:mumbler"))).toBe(true);
    expect(ladder.some((l) => l.startsWith("rule:naive"))).toBe(true);
    expect(table).toContain("fake:mumbler on single_deal: 100% of its moves");
    expect(table).toContain(`The fallback played ${FALLBACK_IN_WORDS}.`);
  });

  it("leaves a clean run without marks or notes, and marks only above the limit", () => {
    const clean = structuredClone(summary);
    for (const r of clean.rows) r.parse_error_rate = UNRELIABLE_SHARE;
    expect(reliabilityNotes(clean)).toEqual([]);
    expect(formatSummaryTable(clean)).not.toMatch(/^!/m);
  });
});
