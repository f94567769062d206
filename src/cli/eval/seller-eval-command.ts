import { parseArgs } from "node:util";
import { resolveBuyer, UnknownBuyerReleaseError } from "../../../buyers/registry";
import {
  CODE_SELLER_AGENT_SPECS,
  MODEL_SELLER_AGENT_FORMS,
  sellerAgentFromSpec,
  UnknownSellerAgentError,
} from "../../../eval/seller-role/seller-agent-spec";
import { runSellerEval } from "../../../eval/seller-role/seller-eval";
import { inProcessSellerSessions } from "../../../eval/seller-role/seller-eval-env";
import { sellerEvalMarkdown, summarizeSellerEval } from "../../../eval/seller-role/seller-eval-summary";
import { contentHash } from "../../../sellers/content-hash";
import {
  CURRENT_SELLER_TASK_KEYS,
  requireSellerTask,
  SELLER_TASK_KEYS,
  sellerTaskKey,
  UnknownSellerTaskError,
} from "../../../tasks/seller-role/seller-tasks";
import { type CommandIo, failed, UsageError } from "./command-io";
import { positiveInt } from "./eval-command";
import { gitCommit } from "./git-commit";
import { modelFactory } from "./model-buyers";
import { createProgress } from "./progress";
import { runDir, writeMeta } from "./run-files";
import { parseSeeds } from "./seeds-arg";
import { saveSellerRun } from "./seller-eval-store";
import { httpSellerSessions } from "./seller-http-client";
import { writeSellerRun } from "./seller-run-files";
import { storedSellerUnits } from "./seller-stored-units";

export const SELLER_EVAL_HELP = `bazaar eval --role seller — evaluate SELLER agents against pinned buyers

Usage: bazaar eval --role seller --agent <spec> [--agent <spec> ...] --task <id@version|all> [options]

  --agent <spec>       repeatable: ${CODE_SELLER_AGENT_SPECS.join(" / ")} (the scripted seller agent),
                       ${MODEL_SELLER_AGENT_FORMS.join(", ")} (a model playing the seller, prompt seller-agent-v1)
  --task <id@version>  repeatable; ${SELLER_TASK_KEYS.join(", ")};
                       all = the current tasks (${CURRENT_SELLER_TASK_KEYS.join(", ")}), all@1 = the @1 tasks
  --buyer <id@ver>     repeatable: the buyers to sell to (default: each task's pinned buyer);
                       code buyers, or llm-ollama:<tag>@1 / llm-hf:<model>@1
  --seeds <list>       1..30 (default), 1,2,5 or a mix like 1..10,42
  --tells on|off       cues read from the buyer's words (default on)
  --server <url>[,<url>…]  play over HTTP against a running server instead of in-process
  --concurrency <n>    units (and model calls) in flight at once (default 4)
  --temperature <t>    sampling temperature for model agents (default 0.7)
  --timeout-ms <n>     per model call of a model agent (its fallback plays on a timeout)
  --run-id <id>        name the run (default: time + plan hash)
  --out <dir>          run files go to <dir>/<run-id>/ (default ./runs): seller-summary.json, seller-units.jsonl
  --db <file>          the eval store the run is also written to (default ./data/eval.db), which
                       \`bazaar leaderboard --role seller\` and GET /leaderboard?role=seller rank
  --quiet              no progress output

Prints a table, then the summary JSON as the last line: per (agent, task, buyer) the mean score
with its seeded bootstrap 95 % CI, deal rate, below-reservation rate, parse-error rate (flagged
above 20 %), and the provenance (agent id@version+hash or prompt hash, buyer id@version+hash,
task version, engine and seller-role versions, git commit).

Examples:
  bazaar eval --role seller --agent scripted --task all --seeds 1..100
  bazaar eval --role seller --agent scripted --agent ollama:llama3.2:3b --task sell_single_deal@2 --buyer rule-smart@1 --buyer tells-reader@1
  bazaar eval --role seller --agent scripted --task sell_tough_buyer@2 --server http://127.0.0.1:8000
`;

const OPTIONS = {
  role: { type: "string" },
  agent: { type: "string", multiple: true },
  task: { type: "string", multiple: true },
  buyer: { type: "string", multiple: true },
  seeds: { type: "string", default: "1..30" },
  tells: { type: "string", default: "on" },
  server: { type: "string" },
  concurrency: { type: "string", default: "4" },
  temperature: { type: "string" },
  "timeout-ms": { type: "string" },
  "run-id": { type: "string" },
  out: { type: "string", default: "runs" },
  db: { type: "string", default: "./data/eval.db" },
  quiet: { type: "boolean", default: false },
  help: { type: "boolean", short: "h", default: false },
} as const;

const ALL_OF: Readonly<Record<string, readonly string[]>> = {
  all: CURRENT_SELLER_TASK_KEYS,
  "all@1": SELLER_TASK_KEYS.filter((k) => k.endsWith("@1")),
  "all@2": SELLER_TASK_KEYS.filter((k) => k.endsWith("@2")),
};

function tasksFrom(values: readonly string[] | undefined): string[] {
  if (values === undefined || values.length === 0)
    throw new UsageError("give at least one --task (or --task all)");
  const out: string[] = [];
  for (const v of values.flatMap((x) => x.split(","))) {
    for (const ref of ALL_OF[v.trim()] ?? [v.trim()]) {
      try {
        // Resolved to "id@version", so a bare id (version 1) is recorded exactly.
        const key = sellerTaskKey(requireSellerTask(ref));
        if (!out.includes(key)) out.push(key);
      } catch (err) {
        if (err instanceof UnknownSellerTaskError) throw new UsageError(err.message);
        throw err;
      }
    }
  }
  return out;
}

const stamp = (d: Date): string =>
  d.toISOString().replace(/[-:]/g, "").replace(/\..*$/, "").replace("T", "-");

/** `bazaar eval --role seller`: seller agents against pinned buyers, in-process or over HTTP. */
export async function sellerEvalCommand(argv: string[], io: CommandIo): Promise<number> {
  try {
    const { values } = parseArgs({ args: argv, options: OPTIONS, allowPositionals: false, strict: true });
    if (values.help) {
      io.out(SELLER_EVAL_HELP);
      return 0;
    }
    const specs = values.agent ?? [];
    if (specs.length === 0) throw new UsageError("give at least one --agent (e.g. --agent scripted)");
    if (new Set(specs).size !== specs.length) throw new UsageError("each --agent may appear once");
    const tasks = tasksFrom(values.task);
    const seeds = parseSeeds(values.seeds);
    if (values.tells !== "on" && values.tells !== "off") throw new UsageError("--tells must be on or off");
    const concurrency = positiveInt("concurrency", values.concurrency);
    const timeoutMs =
      values["timeout-ms"] === undefined ? undefined : positiveInt("timeout-ms", values["timeout-ms"]);
    const temperature = values.temperature === undefined ? undefined : Number(values.temperature);
    if (temperature !== undefined && !(temperature >= 0 && temperature <= 2))
      throw new UsageError("--temperature must be between 0 and 2");
    const models = modelFactory(io.env, concurrency);
    const buyers = (key: string) => resolveBuyer(key, { chatModel: models });
    const buyerKeys = values.buyer ?? [];
    if (new Set(buyerKeys).size !== buyerKeys.length) throw new UsageError("each --buyer may appear once");
    // Unknown agents and buyers fail before anything is played or written: bad input changes nothing.
    const agents = specs.map((s) => {
      try {
        return sellerAgentFromSpec(s, {
          chatModel: models,
          ...(temperature !== undefined ? { sampling: { temperature } } : {}),
          ...(timeoutMs !== undefined ? { timeoutMs } : {}),
        });
      } catch (err) {
        if (err instanceof UnknownSellerAgentError) throw new UsageError(err.message);
        throw err;
      }
    });
    for (const key of buyerKeys) {
      try {
        buyers(key);
      } catch (err) {
        if (err instanceof UnknownBuyerReleaseError) throw new UsageError(err.message);
        throw err;
      }
    }
    const transport = values.server === undefined ? "in-process" : "http";
    const tells = values.tells === "on";
    const plan = { agents: specs, tasks, buyers: buyerKeys, seeds, tells };
    const started = new Date();
    const runId = values["run-id"] ?? `${stamp(started)}-seller-${contentHash(plan).slice(0, 6)}`;
    const sessions =
      values.server === undefined
        ? inProcessSellerSessions(buyers)
        : httpSellerSessions({ baseUrl: values.server.split(",").map((u) => u.trim()) });
    const progress = values.quiet ? null : createProgress(io.err);
    const units = await runSellerEval(
      { runId, agents, tasks, buyers: buyerKeys, seeds, tells },
      {
        sessions,
        transport,
        concurrency,
        onUnit: (u, done, total) => progress?.update(done, total, `${u.agent} ${u.task} seed ${u.seed}`),
      },
    );
    progress?.finish();
    const summary = summarizeSellerEval({
      runId,
      transport,
      agents,
      tasks,
      seeds,
      tells,
      gitCommit: gitCommit(),
      units,
    });
    const dir = runDir(values.out, runId);
    const summaryPath = writeSellerRun(dir, summary, units);
    const finished = new Date();
    saveSellerRun(
      values.db,
      {
        run_id: runId,
        plan_json: JSON.stringify(plan),
        summary_json: JSON.stringify(summary),
        git_commit: summary.git_commit,
        transport,
        created_at: started.toISOString(),
        finished_at: finished.toISOString(),
      },
      storedSellerUnits(runId, agents, plan, summary.git_commit, units),
    );
    writeMeta(dir, {
      run_id: runId,
      role: "seller",
      argv,
      started_at: started.toISOString(),
      finished_at: finished.toISOString(),
      duration_ms: finished.getTime() - started.getTime(),
      transport,
      server: values.server ?? null,
    });
    io.out(
      `${sellerEvalMarkdown(summary)}\n\nrun ${runId}: ${units.length} episodes; summary ${summaryPath}\n`,
    );
    io.out(`${JSON.stringify(summary)}\n`);
    return 0;
  } catch (e) {
    return failed(io, "eval --role seller", e);
  }
}
