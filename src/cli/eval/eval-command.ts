import { basename } from "node:path";
import { parseArgs } from "node:util";
import { buyerFromSpec, CODE_BUYER_SPECS } from "../../../buyers/buyer-registry";
import { ENGINE_VERSION } from "../../../env/engine-version";
import { playOracle } from "../../../eval/game/oracle-reference";
import type { EvalSessionFactory } from "../../../eval/harness/eval-env";
import { inProcessSessionsWith } from "../../../eval/harness/in-process-session";
import { type EvalPlan, runEval, summaryPlan } from "../../../eval/harness/run-eval";
import { withOracle } from "../../../eval/metrics/oracle-fraction";
import { formatSummaryTable } from "../../../eval/metrics/summary-table";
import { contentHash } from "../../../sellers/content-hash";
import { UnknownSellerError } from "../../../sellers/registry";
import type { Listing } from "../../../tasks/listings/listing";
import { ListingFileError } from "../../../tasks/listings/listing-file-error";
import { loadListingsFile } from "../../../tasks/listings/load-listings-file";
import { requireTask } from "../../../tasks/open-run";
import { TASK_IDS } from "../../../tasks/task-catalog";
import { V2_TASK_KEYS, V3_TASK_KEYS } from "../../../tasks/task-ref";
import { resolveSellerSpec } from "../../seller-runtime/resolve-seller-spec";
import { type CommandIo, failed, processIo, UsageError } from "./command-io";
import { openEvalStore } from "./eval-store";
import { gitCommit } from "./git-commit";
import { httpSessions } from "./http-env-client";
import { modelFactory } from "./model-buyers";
import { createProgress } from "./progress";
import { appendUnit, runDir, writeMeta, writeSummary } from "./run-files";
import { parseSeeds } from "./seeds-arg";
import { sellerEvalCommand } from "./seller-eval-command";

export const EVAL_HELP = `bazaar eval — play buyers against pinned sellers and compare them

Usage: bazaar eval --buyer <spec> [--buyer <spec> ...] --task <id|all> [options]
       bazaar eval --role seller --agent <spec> ... (seller agents: bazaar eval --role seller --help)

  --buyer <spec>       repeatable; the first is the baseline of the scaling ladder
                       code buyers: ${CODE_BUYER_SPECS.join(", ")}
                       model buyers: ollama:<tag>, hf:<org/model>, hf:<endpoint url> (add +steer for tell steering)
  --task <id|all>      repeatable; ${TASK_IDS.join(", ")} (version 1);
                       id@3 for the current game (e.g. single_deal@3), all@3 for every v3 task;
                       id@2 / all@2 for game v2 as first released (responsive@1)
  --seeds <list>       1..30 (default), 1,2,5 or a mix like 1..10,42
  --seller <id@ver>    play every task against this seller instead of its pinned one
  --listings <file>    products for amazon_realistic: Amazon Sales .csv or CraigslistBargain .json[.gz]
  --tells on|off       seller tells in observations (default on)
  --episodes <n>       cap career tasks at n episodes (default: all episodes, all graded)
  --oracle             also play each task's oracle (knows the hidden state) on the same seeds and
                       show every score as a fraction of it ("of oracle"); in-process, pinned sellers
  --server <url>[,<url>…]  play over HTTP against a running server (or a balancer, or several
                       replicas of one deployment, spread round-robin) instead of in-process
  --concurrency <n>    units (and model calls) in flight at once (default 4)
  --temperature <t>    sampling temperature for model buyers (default 0.7)
  --run-id <id>        name the run; an existing id resumes it, skipping finished units
  --out <dir>          run files go to <dir>/<run-id>/ (default ./runs)
  --db <path>          SQLite results (default ./data/eval.db)
  --quiet              no progress output

Examples:
  bazaar eval --buyer rule:naive --buyer rule:smart --task single_deal --seeds 1..30
  bazaar eval --buyer rule:smart --buyer ollama:llama3.2:3b --task all --seeds 1..20 --concurrency 2
  bazaar eval --buyer rule:smart --buyer hf:meta-llama/Llama-3.2-3B-Instruct --task career_10 --tells off
  bazaar eval --buyer rule:smart --task single_deal --server http://127.0.0.1:8000 --run-id smoke
  bazaar report <run-id>   # then open runs/<run-id>/report.html
`;

const OPTIONS = {
  role: { type: "string" },
  buyer: { type: "string", multiple: true },
  task: { type: "string", multiple: true },
  seeds: { type: "string", default: "1..30" },
  seller: { type: "string" },
  listings: { type: "string" },
  tells: { type: "string", default: "on" },
  episodes: { type: "string" },
  server: { type: "string" },
  concurrency: { type: "string", default: "4" },
  temperature: { type: "string" },
  "run-id": { type: "string" },
  out: { type: "string", default: "runs" },
  db: { type: "string", default: "./data/eval.db" },
  quiet: { type: "boolean", default: false },
  oracle: { type: "boolean", default: false },
  help: { type: "boolean", short: "h", default: false },
} as const;

export function positiveInt(name: string, text: string): number {
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1)
    throw new UsageError(`--${name} must be a positive integer, got "${text}"`);
  return n;
}

/** "all" is every v1 task, "all@2" / "all@3" every task of that version. */
const ALL_OF: Readonly<Record<string, readonly string[]>> = {
  all: TASK_IDS,
  "all@1": TASK_IDS,
  "all@2": V2_TASK_KEYS,
  "all@3": V3_TASK_KEYS,
};

function tasksFrom(values: readonly string[] | undefined): string[] {
  if (values === undefined || values.length === 0)
    throw new UsageError("give at least one --task (or --task all)");
  const out: string[] = [];
  for (const v of values.flatMap((x) => x.split(","))) {
    const ids = ALL_OF[v.trim()] ?? [v.trim()];
    for (const id of ids) {
      requireTask(id);
      if (!out.includes(id)) out.push(id);
    }
  }
  return out;
}

const stamp = (d: Date): string =>
  d.toISOString().replace(/[-:]/g, "").replace(/\..*$/, "").replace("T", "-");

/** The role an eval plays: `--role seller` evaluates seller agents (seller-eval-command.ts). */
function roleOf(argv: readonly string[]): string {
  const i = argv.findIndex((a) => a === "--role" || a.startsWith("--role="));
  if (i < 0) return "buyer";
  const a = argv[i] as string;
  return a.includes("=") ? a.slice(a.indexOf("=") + 1) : (argv[i + 1] ?? "");
}

export async function evalCommand(argv: string[], io: CommandIo = processIo): Promise<number> {
  const role = roleOf(argv);
  if (role === "seller") return sellerEvalCommand(argv, io);
  if (role !== "buyer")
    return failed(io, "eval", new UsageError(`--role must be buyer or seller, got "${role}"`));
  try {
    const { values } = parseArgs({ args: argv, options: OPTIONS, allowPositionals: false, strict: true });
    if (values.help) {
      io.out(EVAL_HELP);
      return 0;
    }
    const specs = values.buyer ?? [];
    if (specs.length === 0) throw new UsageError("give at least one --buyer");
    if (new Set(specs).size !== specs.length) throw new UsageError("each --buyer may appear once");
    const tasks = tasksFrom(values.task);
    const seeds = parseSeeds(values.seeds);
    if (values.tells !== "on" && values.tells !== "off") throw new UsageError("--tells must be on or off");
    const concurrency = positiveInt("concurrency", values.concurrency);
    const maxEpisodes = values.episodes === undefined ? undefined : positiveInt("episodes", values.episodes);
    const temperature = values.temperature === undefined ? undefined : Number(values.temperature);
    if (temperature !== undefined && !(temperature >= 0 && temperature <= 2))
      throw new UsageError("--temperature must be between 0 and 2");
    let listings: Listing[] | undefined;
    if (values.listings !== undefined) {
      if (values.server !== undefined)
        throw new UsageError("--listings applies in-process; start the server with --listings instead");
      try {
        listings = loadListingsFile(values.listings);
      } catch (err) {
        if (err instanceof ListingFileError) throw new UsageError(err.message);
        throw err;
      }
    }
    if (values.oracle && values.server !== undefined)
      throw new UsageError(
        "--oracle plays in-process: it reads the hidden state, which a server never shows",
      );
    if (values.oracle && (values.seller !== undefined || values.listings !== undefined))
      throw new UsageError(
        "--oracle models each task's pinned seller and built-in products; drop --seller/--listings",
      );
    const models = modelFactory(io.env, concurrency);
    const sellers = (key: string) => resolveSellerSpec(key, { chatModel: models });
    // A seller that does not exist must fail before a run is recorded: bad input changes nothing.
    if (values.seller !== undefined) {
      try {
        sellers(values.seller);
      } catch (err) {
        if (err instanceof UnknownSellerError) throw new UsageError(err.message);
        throw err;
      }
    }
    const buyers = specs.map((s) =>
      buyerFromSpec(s, {
        chatModel: models,
        ...(temperature !== undefined ? { sampling: { temperature } } : {}),
      }),
    );
    const plan: EvalPlan = {
      runId: "",
      buyers,
      tasks,
      seeds,
      tells: values.tells === "on",
      ...(values.seller !== undefined ? { seller: values.seller } : {}),
      ...(maxEpisodes !== undefined ? { maxEpisodes } : {}),
      ...(listings !== undefined && values.listings !== undefined
        ? { listings: `${basename(values.listings)}#${contentHash(listings)}` }
        : {}),
    };
    const planJson = JSON.stringify(summaryPlan(plan));
    const started = new Date();
    plan.runId = values["run-id"] ?? `${stamp(started)}-${contentHash(planJson).slice(0, 6)}`;
    const commit = gitCommit();
    const transport = values.server === undefined ? "in-process" : "http";
    const sessions: EvalSessionFactory =
      values.server === undefined
        ? inProcessSessionsWith(sellers, listings)
        : httpSessions({ baseUrl: values.server.split(",").map((u) => u.trim()) });
    const dir = runDir(values.out, plan.runId);
    const store = openEvalStore(values.db);
    try {
      store.beginRun({
        run_id: plan.runId,
        plan_json: planJson,
        git_commit: commit,
        engine_version: ENGINE_VERSION,
        transport,
        created_at: started.toISOString(),
      });
      const progress = values.quiet ? null : createProgress(io.err);
      const outcome = await runEval(plan, {
        sessions,
        transport,
        gitCommit: commit,
        concurrency,
        store: {
          finished: (id) => store.finished(id),
          save: (u) => {
            store.save(u);
            appendUnit(dir, u);
          },
        },
        onProgress: (p) =>
          progress?.update(
            p.done,
            p.total,
            p.unit ? `${p.unit.buyer_id} ${p.unit.task_id} seed ${p.unit.seed}` : "",
          ),
      });
      progress?.finish();
      let summary = outcome.summary;
      if (values.oracle) {
        if (!values.quiet) io.err.write(`oracle: ${tasks.join(", ")} on ${seeds.length} seeds\n`);
        const oracle = await playOracle(
          { tasks, seeds, tells: plan.tells, ...(maxEpisodes !== undefined ? { maxEpisodes } : {}) },
          { gitCommit: commit, concurrency },
        );
        summary = withOracle(summary, oracle);
        // The oracle's units join the run in the store, so the leaderboard knows each row's ceiling.
        for (const u of oracle) store.save({ ...u, run_id: plan.runId });
      }
      const finished = new Date();
      store.finishRun(plan.runId, finished.toISOString());
      const summaryPath = writeSummary(dir, summary);
      writeMeta(dir, {
        run_id: plan.runId,
        argv,
        started_at: started.toISOString(),
        finished_at: finished.toISOString(),
        duration_ms: finished.getTime() - started.getTime(),
        played: outcome.played,
        skipped: outcome.skipped,
        transport,
        server: values.server ?? null,
        db: values.db,
        git_commit: commit,
      });
      io.out(`${formatSummaryTable(summary)}\n\n`);
      io.out(
        `run ${plan.runId}: ${outcome.played} played, ${outcome.skipped} resumed; summary ${summaryPath}\n`,
      );
      io.out(`report: bazaar report ${plan.runId}${values.out === "runs" ? "" : ` --out ${values.out}`}\n`);
      return 0;
    } finally {
      store.close();
    }
  } catch (e) {
    return failed(io, "eval", e);
  }
}
