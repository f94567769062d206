import { createWriteStream, writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { publicReportPage } from "../../eval/report/public-market-report";
import { economyReport, formatEconomyTable, RATING_RESAMPLES } from "../../markets/economy-report";
import { replayMarket } from "../../markets/market";
import { publicRatings } from "../../markets/public-ratings";
import { eventLine, simulate } from "../../markets/simulate";
import { type TapeEntry, tapeOf } from "../../markets/views";
import { type CommandIo, failed, processIo, UsageError } from "./eval/command-io";
import { createProgress } from "./eval/progress";

export const MARKET_HELP = `bazaar market — the exchange's markets

Usage: bazaar market simulate --agents 20 --markets 200 --seed 1 [--out events.jsonl] [--report report.json] [--html report.html]

Runs a whole economy in-process on virtual time: half the agents are listing buyers (the
eval rule buyers), half request sellers (EV bidder, always-fill, price-cutter); listing and
request markets alternate. Prints one line per agent (deals, PnL, Bradley–Terry rating with
a 95 % bootstrap CI, * on the Pareto frontier) and, last, a JSON summary. The same
arguments always give the same events (see "digest").

  --out      write every market event as one JSON line
  --report   write the summary, the per-agent rows and the ledger as JSON
  --html     write the public-tape ratings as a self-contained page: per role, share of
             settlements vs mean capture with the Pareto front drawn, and the table with
             95 % intervals (the rating the live exchange serves at /markets/report)
`;

const positiveInt = (name: string, raw: string | undefined): number => {
  const n = Number(raw);
  if (raw === undefined || !Number.isSafeInteger(n) || n < 0)
    throw new UsageError(`--${name} needs a whole number`);
  return n;
};

export async function marketCommand(argv: readonly string[], io: CommandIo = processIo): Promise<number> {
  try {
    const { values, positionals } = parseArgs({
      args: [...argv],
      allowPositionals: true,
      options: {
        agents: { type: "string", default: "20" },
        markets: { type: "string", default: "200" },
        seed: { type: "string", default: "1" },
        out: { type: "string" },
        report: { type: "string" },
        html: { type: "string" },
        help: { type: "boolean", short: "h", default: false },
      },
    });
    if (values.help) {
      io.out(MARKET_HELP);
      return 0;
    }
    if (positionals.length !== 1 || positionals[0] !== "simulate")
      throw new UsageError('the one subcommand is "simulate"');
    const agents = positiveInt("agents", values.agents);
    const markets = positiveInt("markets", values.markets);
    const seed = positiveInt("seed", values.seed);
    if (agents < 2 || markets < 1) throw new UsageError("a simulation needs at least 2 agents and 1 market");
    const file = values.out === undefined ? null : createWriteStream(values.out);
    const progress = createProgress(io.err);
    let done = 0;
    /** The public tape, kept only for --html (the rating reads nothing else). */
    const tape: TapeEntry[] = [];
    const result = await simulate({
      agents,
      markets,
      seed,
      onMarket: (id, events) => {
        if (file !== null) for (const ev of events) file.write(`${eventLine(id, ev)}\n`);
        if (values.html !== undefined) tape.push(...tapeOf(replayMarket(events)));
        progress.update(++done, markets, id);
      },
    });
    progress.finish();
    if (file !== null)
      await new Promise<void>((resolve, reject) =>
        file.end((err?: Error | null) => (err ? reject(err) : resolve())),
      );
    const report = economyReport(result);
    if (values.report !== undefined)
      writeFileSync(
        values.report,
        `${JSON.stringify({ ...report, ledger: result.ledger.entries }, null, 2)}\n`,
      );
    if (values.html !== undefined) {
      const rated = publicRatings(tape, { seed, resamples: RATING_RESAMPLES });
      writeFileSync(
        values.html,
        publicReportPage(
          `Simulated economy: ${agents} agents × ${markets} markets, seed ${seed}`,
          [
            `digest ${result.digest}; ${rated.settlements} settlements on the tape`,
            `public-tape-bradley-terry@1, seed ${seed}, ${RATING_RESAMPLES} bootstrap resamples`,
          ],
          rated.rows,
        ),
      );
    }
    io.out(`${formatEconomyTable(report)}\n${JSON.stringify(report.summary)}\n`);
    return report.summary.ledger_balanced ? 0 : 1;
  } catch (e) {
    return failed(io, "market", e);
  }
}
