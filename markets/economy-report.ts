import { paretoFrontier, rateAgents } from "./ratings";
import type { AgentReport, SimulationResult } from "./simulate";

/**
 * The per-agent report of a simulated economy: results, a Bradley–Terry rating with its
 * bootstrap CI, and whether the agent sits on the Pareto frontier (deal rate vs mean
 * surplus) of its own role — buyers and sellers are rated and compared only among themselves.
 */
export interface EconomyRow extends AgentReport {
  rating: number;
  rating_ci: [number, number];
  on_frontier: boolean;
}

export interface EconomySummary
  extends Pick<
    SimulationResult,
    "seed" | "agents" | "markets" | "settled_markets" | "settlements" | "refused_actions" | "digest"
  > {
  ledger_balanced: boolean;
  exchange_fees: number;
}

export interface EconomyReport {
  summary: EconomySummary;
  rows: EconomyRow[];
}

export const RATING_RESAMPLES = 500;

export function economyReport(r: SimulationResult, resamples = RATING_RESAMPLES): EconomyReport {
  const rows: EconomyRow[] = [];
  for (const role of ["listing_buyer", "request_seller"] as const) {
    const group = r.report.filter((a) => a.role === role);
    const ids = new Set(group.map((a) => a.agent));
    const pairs = r.pairs.filter((p) => ids.has(p.winner) && ids.has(p.loser));
    const ratings = new Map(
      rateAgents(pairs, [...ids], { seed: r.seed, resamples }).map((x) => [x.agent, x]),
    );
    const frontier = new Set(paretoFrontier(group).map((a) => a.agent));
    for (const a of group) {
      const rt = ratings.get(a.agent)!;
      rows.push({ ...a, rating: rt.rating, rating_ci: rt.ci, on_frontier: frontier.has(a.agent) });
    }
  }
  let fees = 0;
  for (const e of r.ledger.entries) fees += e.fee;
  return {
    summary: {
      seed: r.seed,
      agents: r.agents,
      markets: r.markets,
      settled_markets: r.settled_markets,
      settlements: r.settlements,
      refused_actions: r.refused_actions,
      ledger_balanced: r.reconciliation.balanced,
      exchange_fees: fees,
      digest: r.digest,
    },
    rows,
  };
}

const rupees = (paise: number): string => (paise / 100).toFixed(2);

/** A plain-text table, one line per agent; figures in rupees. */
export function formatEconomyTable(rep: EconomyReport): string {
  const head = [
    "agent",
    "policy",
    "engaged",
    "deals",
    "deal%",
    "pnl ₹",
    "per market ₹",
    "rating [95% CI]",
    "pareto",
  ];
  const body = rep.rows.map((a) => [
    a.agent,
    a.policy,
    String(a.engaged),
    String(a.deals),
    (100 * a.deal_rate).toFixed(1),
    rupees(a.pnl),
    rupees(a.mean_surplus),
    `${a.rating.toFixed(2)} [${a.rating_ci[0].toFixed(2)}, ${a.rating_ci[1].toFixed(2)}]`,
    a.on_frontier ? "*" : "",
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i]!))
      .join("  ")
      .trimEnd();
  return [line(head), ...body.map(line)].join("\n");
}
