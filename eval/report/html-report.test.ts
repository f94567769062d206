import { beforeAll, describe, expect, it } from "vitest";
import { buyerFromSpec } from "../../buyers/buyer-registry";
import { FALLBACK_IN_WORDS } from "../../buyers/parse-buyer-reply";
import { inProcessSessions } from "../harness/in-process-session";
import { memoryStore } from "../harness/memory-store";
import { type EvalOutcome, runEval } from "../harness/run-eval";
import { renderHtmlReport } from "./html-report";
import { escapeHtml } from "./svg-charts";

let out: EvalOutcome;
let html: string;
const BUYERS = ["rule:naive", "time:linear", "rule:aggressive"];

beforeAll(async () => {
  out = await runEval(
    {
      runId: "html",
      buyers: BUYERS.map((b) => buyerFromSpec(b)),
      tasks: ["single_deal", "career_10"],
      seeds: [1, 2, 3, 4, 5],
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
  html = renderHtmlReport("html<run>", out.summary, out.units);
});

const figures = (h: string) => [
  ...h.matchAll(
    /<figure><figcaption>([^<]*)<\/figcaption>(<svg[\s\S]*?<\/svg>)(?:<p class="replay">[\s\S]*?<\/p>)?<\/figure>/g,
  ),
];

describe("HTML report", () => {
  it("is one self-contained page whose wide tables scroll in their own box", () => {
    expect(html).toContain("Eval run <code>html&#60;run&#62;</code>");
    expect(html).not.toMatch(/<script|<link|<img|url\(/);
    expect(html).toContain("No token costs recorded");
    expect(html.match(/<div class="scroll"><table>/g)).toHaveLength(2);
  });

  it("labels every bar with the buyer's full name and keeps titles out of the SVG, where they cannot be cut", () => {
    const bars = figures(html).filter((f) => (f[1] ?? "").includes("mean normalized surplus"));
    expect(bars.map((f) => f[1])).toEqual([
      "single_deal: mean normalized surplus (95% CI)",
      "career_10: mean normalized surplus (95% CI)",
    ]);
    for (const f of bars) {
      const labels = [...(f[2] ?? "").matchAll(/text-anchor="end" class="ax">([^<]+)</g)].map((m) => m[1]);
      expect(labels).toEqual(BUYERS);
    }
  });

  it("draws one small chart per buyer and task on shared axes with a tick for every round", () => {
    const small = figures(html).filter((f) => !(f[1] ?? "").includes("surplus"));
    expect(small).toHaveLength(BUYERS.length * 2);
    for (const task of ["single_deal", "career_10"]) {
      const mine = small.filter((f) => (f[2] ?? "").includes(`aria-label="${task},`));
      expect(mine).toHaveLength(BUYERS.length);
      const yTicks = mine.map((f) =>
        [...(f[2] ?? "").matchAll(/text-anchor="end" class="ax">([^<]+)</g)].map((m) => m[1]).join(" "),
      );
      expect(new Set(yTicks).size).toBe(1);
      // Round-step price ticks: no padded end values with stray decimals.
      for (const t of (yTicks[0] ?? "").split(" ")) expect(t).toMatch(/^[\d,]+$/);
      const rounds = [...(mine[0]?.[2] ?? "").matchAll(/text-anchor="middle" class="ax">(\d+)</g)].map((m) =>
        Number(m[1]),
      );
      expect(rounds).toEqual(Array.from({ length: rounds.length }, (_, i) => i));
      expect(rounds.length).toBeGreaterThan(1);
    }
    expect(html.match(/class="legend"/g)).toHaveLength(1);
  });

  it("samples the median seed by default, a chosen one on request, and says which", () => {
    expect(html).toMatch(/Sample: seed \d, the median of 5 seeds by mean surplus over the buyers\./);
    expect(html).toMatch(
      /Sample: seed \d, the median of 5 seeds [^.]*, episode \d+ of 10 \(the median one\)\./,
    );
    const chosen = renderHtmlReport("x", out.summary, out.units, { sampleSeed: 4 });
    expect(chosen).toContain("Sample: seed 4, chosen with --sample-seed.");
  });

  it("marks rows the fallback mostly played, in the table, the ladder and the bars, and says what it played", () => {
    const s = structuredClone(out.summary);
    for (const r of s.rows) if (r.buyer === "time:linear") r.parse_error_rate = 0.5;
    const marked = renderHtmlReport("x", s, out.units);
    expect(marked.match(/<tr class="warn"><td>! time:linear<\/td>/g)?.length).toBe(2 + 3);
    expect(marked).toContain("! time:linear on single_deal: 50% of its moves");
    expect(marked).toContain(escapeHtml(`The fallback played ${FALLBACK_IN_WORDS}.`));
    expect(marked).toMatch(/class="ax">! time:linear</);
    expect(html).not.toContain('class="warn"');
  });

  it("draws the cost-vs-surplus chart when model costs exist", () => {
    const withCost = structuredClone(out.summary);
    for (const r of withCost.rows) r.tokens_per_episode = r.buyer === "rule:naive" ? 100 : 300;
    expect(renderHtmlReport("x", withCost, out.units)).toContain("Pareto front");
  });

  it("links every sample chart to its episode's replay on the chosen server", () => {
    const links = [...html.matchAll(/<p class="replay"><a href="([^"]+)">/g)].map((m) =>
      (m[1] ?? "").replace(/&#38;/g, "&"),
    );
    // One sample chart per buyer and task.
    expect(links).toHaveLength(BUYERS.length * 2);
    for (const l of links)
      expect(l).toMatch(
        /^http:\/\/localhost:8000\/web\/replay\?run=html&episode=html\.[a-z]+%3A[a-z]+\.(single_deal|career_10)\.\d+(-\d+)?$/,
      );
    // A career's sample is one of its later episodes when that is the median: its id says which.
    const other = renderHtmlReport("html<run>", out.summary, out.units, {
      replayBase: "https://bazaar.example/",
    });
    expect(other).toContain('href="https://bazaar.example/web/replay?run=');
  });
});
