import { mkdirSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { parseArgs } from "node:util";
import { personaJudge } from "../../../eval/seller-quality/persona-judge";
import { formatQualityTable, runSellerQuality } from "../../../eval/seller-quality/seller-quality";
import { listSellers } from "../../../sellers/registry";
import { type CommandIo, failed, processIo, UsageError } from "./command-io";
import { positiveInt } from "./eval-command";
import { modelFactory } from "./model-buyers";

export const SELLER_QUALITY_HELP = `bazaar seller-quality — check a seller release against the acceptance criteria

Usage: bazaar seller-quality --seller <id@version> [--n 50] [--seed 42] [--max-rounds 8]
                             [--task single_deal] [--judge <model spec>] [--json <path>]

Plays n episodes (seeds seed..seed+n-1) against a deterministic probe buyer and checks:
anchored to the listing (>= 90%), never below reservation, never leaks the reservation,
mean rounds >= 4, zero-round capitulation <= 10%, persona consistency >= 70% (only with
--judge, else n/a), counters never rise; and reports rules-guard interventions.
Exit code 0 when every applicable criterion passes, 1 otherwise.

Examples:
  bazaar seller-quality --seller bazaar-default@1
  bazaar seller-quality --seller bazaar-deceptive@1 --n 100 --json runs/deceptive-quality.json
  bazaar seller-quality --seller bazaar-default@1 --judge ollama:llama3.2:3b
`;

export async function sellerQualityCommand(argv: string[], io: CommandIo = processIo): Promise<number> {
  try {
    const { values } = parseArgs({
      args: argv,
      options: {
        seller: { type: "string" },
        n: { type: "string", default: "50" },
        seed: { type: "string", default: "42" },
        "max-rounds": { type: "string", default: "8" },
        task: { type: "string", default: "single_deal" },
        judge: { type: "string" },
        json: { type: "string" },
        help: { type: "boolean", short: "h", default: false },
      },
    });
    if (values.help) {
      io.out(SELLER_QUALITY_HELP);
      return 0;
    }
    if (values.seller === undefined) throw new UsageError("give --seller <id@version>");
    const seed = Number(values.seed);
    if (!Number.isInteger(seed) || seed < 0) throw new UsageError("--seed must be a non-negative integer");
    const judge =
      values.judge === undefined ? undefined : personaJudge(modelFactory(io.env, 1)(values.judge));
    const report = await runSellerQuality({
      seller: values.seller,
      n: positiveInt("n", values.n),
      seed,
      maxRounds: positiveInt("max-rounds", values["max-rounds"]),
      task: values.task,
      personas: [...new Set(listSellers().map((s) => s.persona))].sort(),
      ...(judge ? { judgePersona: judge } : {}),
    });
    io.out(`${formatQualityTable(report)}\n`);
    if (values.json !== undefined) {
      mkdirSync(dirname(values.json), { recursive: true });
      writeFileSync(values.json, `${JSON.stringify(report, null, 2)}\n`);
      io.out(`${values.json}\n`);
    } else {
      const { episodes: _episodes, ...headline } = report;
      io.out(`${JSON.stringify(headline)}\n`);
    }
    return report.passed === report.applicable ? 0 : 1;
  } catch (e) {
    return failed(io, "seller-quality", e);
  }
}
