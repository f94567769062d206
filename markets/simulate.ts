import { agentPnl, emptyLedger, type Ledger, postSettlement, type Reconciliation, reconcile } from "./ledger";
import type { MarketEvent } from "./market";
import type { PairOutcome } from "./ratings";
import { codeJudge, type Judge } from "./request/judge";
import { MARKET_GAP_MS, type MarketOutcome } from "./simulation/market-outcome";
import { population } from "./simulation/population";
import { runListing } from "./simulation/run-listing";
import { runRequest } from "./simulation/run-request";

/**
 * A whole economy in-process on virtual time: `agents` scripted agents (half listing buyers,
 * half request sellers) meet `markets` markets (listing and request alternately), every
 * settlement goes through the ledger, and each agent's result is reported. Same options ⇒
 * byte-identical events, ledger and report. Nothing here reads a clock or does I/O: the
 * caller receives each market's log through `onMarket` and decides where it goes.
 */
export interface SimulationOptions {
  agents: number;
  markets: number;
  seed: number;
  judge?: Judge;
  onMarket?: (marketId: string, events: readonly MarketEvent[]) => void;
}

export interface AgentReport {
  agent: string;
  role: "listing_buyer" | "request_seller";
  policy: string;
  offered: number;
  engaged: number;
  passed: number;
  deals: number;
  /** Deals per market engaged in. */
  deal_rate: number;
  /** Paise: buyers' surplus minus fees, sellers' receipts minus every attempt's cost. */
  pnl: number;
  /** pnl per market engaged in (paise): what engaging is worth to this agent on average. */
  mean_surplus: number;
  costs: number;
  fees: number;
}

export interface SimulationResult {
  seed: number;
  agents: number;
  markets: number;
  settled_markets: number;
  settlements: number;
  refused_actions: number;
  ledger: Ledger;
  reconciliation: Reconciliation;
  report: AgentReport[];
  pairs: PairOutcome[];
  /** FNV-1a of every event line: two runs with equal digests wrote the same log. */
  digest: string;
}

export const marketIdFor = (i: number): string => `m-${String(i).padStart(5, "0")}`;

/** One JSON line per event, as the CLI writes them. */
export const eventLine = (marketId: string, ev: MarketEvent): string =>
  JSON.stringify({ market: marketId, event: ev });

function fnv1a(h: number, text: string): number {
  let x = h;
  for (let i = 0; i < text.length; i++) {
    x ^= text.charCodeAt(i);
    x = Math.imul(x, 0x01000193);
  }
  return x >>> 0;
}

/** Winners beat every other agent that engaged in the same market. */
function pairsOf(o: MarketOutcome): PairOutcome[] {
  const won = new Set(o.winners);
  const out: PairOutcome[] = [];
  for (const w of o.winners)
    for (const l of o.engaged) if (!won.has(l)) out.push({ market_id: o.market_id, winner: w, loser: l });
  return out;
}

export async function simulate(o: SimulationOptions): Promise<SimulationResult> {
  if (!Number.isInteger(o.agents) || o.agents < 2)
    throw new RangeError("a simulation needs at least 2 agents");
  if (!Number.isInteger(o.markets) || o.markets < 1)
    throw new RangeError("a simulation needs at least 1 market");
  const pop = population(o.agents, o.seed);
  const judge = o.judge ?? codeJudge;
  let ledger = emptyLedger();
  const valuations: MarketOutcome["valuations"] = [];
  const costs: MarketOutcome["costs"] = [];
  const pairs: PairOutcome[] = [];
  const stats = new Map<string, { offered: number; engaged: number; passed: number; deals: number }>();
  for (const a of [...pop.buyers, ...pop.sellers])
    stats.set(a.id, { offered: 0, engaged: 0, passed: 0, deals: 0 });
  let digest = 0x811c9dc5;
  let settled = 0;
  let settlements = 0;
  let refused = 0;
  for (let i = 1; i <= o.markets; i++) {
    const id = marketIdFor(i);
    const slot = { index: i, id, openedAt: (i - 1) * MARKET_GAP_MS, seed: o.seed };
    const out = i % 2 === 1 ? await runListing(slot, pop) : await runRequest(slot, pop, judge);
    for (const ev of out.events) digest = fnv1a(digest, eventLine(id, ev));
    o.onMarket?.(id, out.events);
    for (const s of out.settlements) {
      const r = postSettlement(ledger, s);
      ledger = r.ledger;
      if (r.posted) settlements += 1;
    }
    if (out.settlements.length > 0) settled += 1;
    valuations.push(...out.valuations);
    costs.push(...out.costs);
    pairs.push(...pairsOf(out));
    refused += out.refused;
    for (const a of out.offered) stats.get(a)!.offered += 1;
    for (const a of out.engaged) stats.get(a)!.engaged += 1;
    for (const p of out.passed) stats.get(p.agent)!.passed += 1;
    for (const w of out.winners) stats.get(w)!.deals += 1;
  }
  const agents = [...pop.buyers, ...pop.sellers];
  const pnl = new Map(
    agentPnl(
      ledger,
      valuations,
      costs,
      agents.map((a) => a.id),
    ).map((r) => [r.agent, r]),
  );
  const spent = new Map<string, number>();
  for (const c of costs) spent.set(c.agent, (spent.get(c.agent) ?? 0) + c.cost);
  const report: AgentReport[] = agents.map((a) => {
    const s = stats.get(a.id)!;
    const p = pnl.get(a.id)!;
    return {
      agent: a.id,
      role: a.role,
      policy: a.policy,
      ...s,
      deal_rate: s.engaged === 0 ? 0 : s.deals / s.engaged,
      pnl: p.pnl,
      mean_surplus: s.engaged === 0 ? 0 : Math.round(p.pnl / s.engaged),
      costs: spent.get(a.id) ?? 0,
      fees: p.fees,
    };
  });
  return {
    seed: o.seed,
    agents: o.agents,
    markets: o.markets,
    settled_markets: settled,
    settlements,
    refused_actions: refused,
    ledger,
    reconciliation: reconcile(ledger),
    report,
    pairs,
    digest: digest.toString(16).padStart(8, "0"),
  };
}
