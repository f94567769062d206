import { appendFileSync, closeSync, fsyncSync, mkdirSync, openSync } from "node:fs";
import { dirname } from "node:path";
import { parseArgs } from "node:util";
import { buyerFromSpec } from "../../../buyers/buyer-registry";
import { inProcessSessions } from "../../../eval/harness/in-process-session";
import { llmJudge } from "../../../eval/pairs/llm-judge";
import { buildPair } from "../../../eval/pairs/preference-pair";
import { requireTask } from "../../../tasks/open-run";
import { TASK_IDS } from "../../../tasks/task-catalog";
import { type CommandIo, failed, processIo, UsageError } from "./command-io";
import { httpSessions } from "./http-env-client";
import { modelFactory } from "./model-buyers";
import { parseSeeds } from "./seeds-arg";

export const PAIRS_HELP = `bazaar pairs — preference pairs (DPO / RLAIF) from two rollouts of one buyer

Usage: bazaar pairs --buyer <spec> --task <id|all> [--seeds 1..30] [--temperatures 0.3,1.0]
                    [--judge code|<model spec>] [--out pairs.jsonl] [--seller <id@v>] [--tells on|off] [--server <url>]

For every task and seed the buyer plays twice from the same start (one rollout per
temperature). The first decision where the two completions differ gives the pair: its
observation prompt is shared, the two completions become chosen and rejected according to
the judge (code: a deal beats no deal, then higher surplus, then the lower final ask; or an
LLM judge that falls back to code). Identical rollouts and ties give no pair. Rows are TRL's
conversational preference format {prompt, chosen, rejected} plus metadata, appended and
flushed one at a time.

Examples:
  bazaar pairs --buyer ollama:llama3.2:3b --task single_deal --seeds 1..50 --out data/pairs.jsonl
  bazaar pairs --buyer hf:meta-llama/Llama-3.2-3B-Instruct --temperatures 0.2,1.2 --task all --judge ollama:qwen2.5:7b
`;

export async function pairsCommand(argv: string[], io: CommandIo = processIo): Promise<number> {
  try {
    const { values } = parseArgs({
      args: argv,
      options: {
        buyer: { type: "string" },
        task: { type: "string", multiple: true },
        seeds: { type: "string", default: "1..30" },
        temperatures: { type: "string", default: "0.3,1.0" },
        judge: { type: "string", default: "code" },
        out: { type: "string", default: "pairs.jsonl" },
        seller: { type: "string" },
        tells: { type: "string", default: "on" },
        server: { type: "string" },
        help: { type: "boolean", short: "h", default: false },
      },
    });
    if (values.help) {
      io.out(PAIRS_HELP);
      return 0;
    }
    if (values.buyer === undefined) throw new UsageError("give --buyer <spec>");
    const tasks = (values.task ?? []).flatMap((t) => (t === "all" ? [...TASK_IDS] : [t]));
    if (tasks.length === 0) throw new UsageError("give at least one --task");
    for (const t of tasks) requireTask(t);
    const temps = values.temperatures.split(",").map(Number);
    if (temps.length !== 2 || temps.some((t) => !(t >= 0 && t <= 2)))
      throw new UsageError("--temperatures takes two numbers in [0, 2], e.g. 0.3,1.0");
    if (values.tells !== "on" && values.tells !== "off") throw new UsageError("--tells must be on or off");
    const models = modelFactory(io.env, 2);
    const variant = (t: number) => ({
      label: `temperature=${t}`,
      buyer: buyerFromSpec(values.buyer as string, { chatModel: models, sampling: { temperature: t } }),
    });
    const a = variant(temps[0] as number);
    const b = variant(temps[1] as number);
    const judge = values.judge === "code" ? undefined : llmJudge(models(values.judge));
    const sessions =
      values.server === undefined ? inProcessSessions : httpSessions({ baseUrl: values.server });
    mkdirSync(dirname(values.out), { recursive: true });
    const fd = openSync(values.out, "a");
    let written = 0;
    const skipped: Record<string, number> = {};
    try {
      for (const task of tasks) {
        for (const seed of parseSeeds(values.seeds)) {
          const r = await buildPair(sessions, {
            taskId: task,
            seed,
            tells: values.tells === "on",
            a,
            b,
            ...(values.seller !== undefined ? { seller: values.seller } : {}),
            ...(judge ? { judge } : {}),
          });
          if ("pair" in r) {
            // One line per pair, synced before the next rollout: a crash loses at most the pair in flight.
            appendFileSync(fd, `${JSON.stringify(r.pair)}\n`);
            fsyncSync(fd);
            written += 1;
          } else {
            skipped[r.skipped] = (skipped[r.skipped] ?? 0) + 1;
          }
          io.err.write(`${task} seed ${seed}: ${"pair" in r ? "pair written" : `skipped (${r.skipped})`}\n`);
        }
      }
    } finally {
      closeSync(fd);
    }
    io.out(`${written} pairs appended to ${values.out}; skipped ${JSON.stringify(skipped)}\n`);
    return 0;
  } catch (e) {
    return failed(io, "pairs", e);
  }
}
