/**
 * The exchange's simulation bar: 50 agents × 1,000 markets in-process on virtual time, in
 * at most 60 s on the project's 2-core machine, with the ledger balanced. Prints a short
 * human line and, last, JSON {elapsed_s, bar_s, within_bar, ledger_balanced, ...}.
 * Usage: npm run bench:markets [-- --agents 50 --markets 1000 --seed 1]
 */
import { parseArgs } from "node:util";
import { simulate } from "../markets/simulate";

const { values } = parseArgs({
  options: {
    agents: { type: "string", default: "50" },
    markets: { type: "string", default: "1000" },
    seed: { type: "string", default: "1" },
  },
});
const agents = Number(values.agents);
const markets = Number(values.markets);
const seed = Number(values.seed);
const BAR_S = 60;

let events = 0;
const start = process.hrtime.bigint();
const r = await simulate({
  agents,
  markets,
  seed,
  onMarket: (_id, evs) => {
    events += evs.length;
  },
});
const elapsed = Number(process.hrtime.bigint() - start) / 1e9;

console.log(
  `${agents} agents × ${markets} markets: ${elapsed.toFixed(2)} s, ${events} events, ` +
    `${r.settlements} settlements, ledger ${r.reconciliation.balanced ? "balanced" : "NOT balanced"}`,
);
console.log(
  JSON.stringify({
    agents,
    markets,
    seed,
    elapsed_s: Math.round(elapsed * 1000) / 1000,
    bar_s: BAR_S,
    within_bar: elapsed <= BAR_S,
    ledger_balanced: r.reconciliation.balanced,
    settlements: r.settlements,
    settled_markets: r.settled_markets,
    events,
    events_per_s: Math.round(events / elapsed),
    digest: r.digest,
  }),
);
