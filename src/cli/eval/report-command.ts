import { existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import type { UnitResult } from "../../../eval/harness/unit-result";
import { type EvalSummary, type SummaryPlan, summarize } from "../../../eval/metrics/eval-summary";
import { DEFAULT_REPLAY_BASE, renderHtmlReport } from "../../../eval/report/html-report";
import { type CommandIo, failed, processIo, UsageError } from "./command-io";
import { openEvalStore } from "./eval-store";
import { readSummary, readUnits, runDir } from "./run-files";

export const REPORT_HELP = `bazaar report — write a self-contained HTML report for an eval run

Usage: bazaar report <run-id> [--out runs] [--db ./data/eval.db] [--file <path>] [--sample-seed N] [--server URL]

Reads <out>/<run-id>/summary.json and episodes.jsonl (or, when those files are gone, the
run's rows in the SQLite store) and writes <out>/<run-id>/report.html: tables, per-task
surplus bars with 95% CI whiskers, price trajectories of one sample episode per task (small
multiples, one per buyer, on shared axes) and a cost-vs-surplus chart for model buyers. The
sample is the seed with the median surplus unless --sample-seed picks one; each sample links
to its replay on --server (default http://localhost:8000: a \`bazaar serve\` reading the same
eval store). The page has no scripts and loads nothing from the network.

Examples:
  bazaar report 20250101-120000-ab12cd
  bazaar report smoke --out /tmp/runs --file /tmp/smoke.html
  bazaar report smoke --sample-seed 7
`;

function fromStore(db: string, runId: string): { summary: EvalSummary; units: UnitResult[] } | null {
  if (!existsSync(db)) return null;
  const store = openEvalStore(db);
  try {
    const run = store.run(runId);
    if (run === undefined) return null;
    const plan = JSON.parse(run.plan_json) as SummaryPlan;
    // The plan's buyers only: an oracle stored beside them (eval --oracle) is not a row.
    const units = store.finished(runId).filter((u) => plan.buyers.includes(u.buyer_id));
    return { summary: summarize(plan, units), units };
  } finally {
    store.close();
  }
}

export async function reportCommand(argv: string[], io: CommandIo = processIo): Promise<number> {
  try {
    const { values, positionals } = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        out: { type: "string", default: "runs" },
        db: { type: "string", default: "./data/eval.db" },
        file: { type: "string" },
        "sample-seed": { type: "string" },
        server: { type: "string", default: DEFAULT_REPLAY_BASE },
        help: { type: "boolean", short: "h", default: false },
      },
    });
    if (values.help) {
      io.out(REPORT_HELP);
      return 0;
    }
    const runId = positionals[0];
    if (runId === undefined || positionals.length > 1) throw new UsageError("give exactly one run id");
    const dir = runDir(values.out, runId);
    const loaded = existsSync(join(dir, "summary.json"))
      ? { summary: readSummary(dir), units: readUnits(dir) }
      : fromStore(values.db, runId);
    if (loaded === null) throw new Error(`no run "${runId}" in ${dir} or ${values.db}`);
    const raw = values["sample-seed"];
    const sampleSeed = raw === undefined ? undefined : Number(raw);
    if (
      sampleSeed !== undefined &&
      !(Number.isInteger(sampleSeed) && loaded.summary.plan.seeds.includes(sampleSeed))
    )
      throw new UsageError(
        `--sample-seed must be one of the run's seeds (${loaded.summary.plan.seeds.join(", ")})`,
      );
    if (!/^https?:\/\/[^\s"'<>]+$/.test(values.server))
      throw new UsageError(`--server must be an http(s) URL, got "${values.server}"`);
    const file = values.file ?? join(dir, "report.html");
    writeFileSync(
      file,
      renderHtmlReport(runId, loaded.summary, loaded.units, {
        replayBase: values.server,
        ...(sampleSeed === undefined ? {} : { sampleSeed }),
      }),
    );
    io.out(`${file}\n`);
    return 0;
  } catch (e) {
    return failed(io, "report", e);
  }
}
