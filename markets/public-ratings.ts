import { bootstrapCi, mean } from "../env/bootstrap";
import { toMinor } from "./ledger";
import { PublicRole } from "./public-role";
import { type PairOutcome, paretoFrontierBy, rateAgents } from "./ratings";
import type { TapeEntry } from "./views";

/**
 * Ratings computed from the public tape alone (docs/exchange.md, "Public ratings"). The tape
 * says who opened each market and on what public terms (a listing's ask, a request's
 * max_price), who won each unit, at what price and fee, and how the market closed. It does
 * not say who was offered a market, who engaged, passed, offered, submitted, scored or lost,
 * so no figure here can depend on any of that: the rating is a pure function of the tape.
 *
 * Each settlement gives its agent a *capture* in [0, 1], how much of the public price range
 * the agent kept: a listing buyer's discount off the ask (1 − price/ask); a request seller's
 * share of the requester's public budget (price/max_price); the requester's own saving
 * (1 − price/max_price). Agents of one role are then compared in each comparable group (same
 * market kind and item, as the opening entry names them): of two agents that both settled
 * there, the higher mean capture beats the lower. Bradley–Terry is fitted to those games, and
 * the bootstrap resamples whole groups (games inside a group share their prices).
 */

export interface PublicRatingRow {
  agent: string;
  role: PublicRole;
  /** Settlements on the tape in this role. */
  deals: number;
  /** This agent's share of all settlements of its role on the tape (a volume, not a deal rate). */
  market_share: number;
  mean_capture: number;
  capture_ci: [number, number];
  /** Bradley–Terry log-strength among agents of the same role, centred at 0. */
  rating: number;
  rating_ci: [number, number];
  /** Pairwise games behind the rating. */
  games: number;
  /** On the Pareto frontier of (market share, mean capture) within its role. */
  on_frontier: boolean;
}

export interface PublicRatings {
  /** The tape entries the rating read (its length is the "as of" of the rating). */
  tape_entries: number;
  settlements: number;
  rows: PublicRatingRow[];
}

interface Opening {
  kind: "listing" | "request";
  group: string;
  /** The public top of the price range, paise. */
  top: number;
  requester: string | null;
}

interface Capture {
  agent: string;
  role: PublicRole;
  group: string;
  capture: number;
}

const clamp01 = (x: number): number => Math.max(0, Math.min(1, x));

/** Every settlement on the tape as the captures it gives (one, or two with the requester's). */
export function capturesOf(tape: readonly TapeEntry[]): Capture[] {
  const open = new Map<string, Opening>();
  const out: Capture[] = [];
  for (const e of tape) {
    if (e.kind === "listing_opened")
      open.set(e.market_id, {
        kind: "listing",
        group: `listing:${e.item.name}`,
        top: toMinor(e.ask),
        requester: null,
      });
    else if (e.kind === "request_opened")
      open.set(e.market_id, {
        kind: "request",
        group: `request:${e.terms.item.name}`,
        top: e.terms.max_price,
        requester: e.requester,
      });
    else if (e.kind === "settled") {
      const o = open.get(e.market_id);
      if (o === undefined || o.top <= 0) continue;
      const share = clamp01(e.price / o.top);
      if (o.kind === "listing")
        out.push({ agent: e.winner, role: "listing_buyer", group: o.group, capture: 1 - share });
      else {
        out.push({ agent: e.winner, role: "request_seller", group: o.group, capture: share });
        if (o.requester !== null)
          out.push({ agent: o.requester, role: "requester", group: o.group, capture: 1 - share });
      }
    }
  }
  return out;
}

function pushTo(m: Map<string, number[]>, key: string, x: number): void {
  const list = m.get(key);
  if (list === undefined) m.set(key, [x]);
  else list.push(x);
}

/** Games of one role: in each group, each two agents' mean captures, the higher winning. */
export function publicPairs(captures: readonly Capture[]): PairOutcome[] {
  const byGroup = new Map<string, Map<string, number[]>>();
  for (const c of captures) {
    const g = byGroup.get(c.group) ?? new Map<string, number[]>();
    byGroup.set(c.group, g);
    pushTo(g, c.agent, c.capture);
  }
  const pairs: PairOutcome[] = [];
  for (const [group, agents] of [...byGroup].sort(([a], [b]) => a.localeCompare(b))) {
    const means = [...agents].map(([a, xs]) => [a, mean(xs)] as const).sort(([a], [b]) => a.localeCompare(b));
    for (let i = 0; i < means.length; i++)
      for (let j = i + 1; j < means.length; j++) {
        const [a, ma] = means[i]!;
        const [b, mb] = means[j]!;
        if (ma > mb) pairs.push({ market_id: group, winner: a, loser: b });
        else if (mb > ma) pairs.push({ market_id: group, winner: b, loser: a });
      }
  }
  return pairs;
}

export interface PublicRatingOptions {
  seed: number;
  resamples?: number;
  /** Only these agents are rated (e.g. registered agents, not the house sellers). */
  include?: (agent: string) => boolean;
}

export function publicRatings(tape: readonly TapeEntry[], o: PublicRatingOptions): PublicRatings {
  const captures = capturesOf(tape).filter((c) => o.include?.(c.agent) ?? true);
  const rows: PublicRatingRow[] = [];
  for (const role of PublicRole.options) {
    const mine = captures.filter((c) => c.role === role);
    const byAgent = new Map<string, number[]>();
    for (const c of mine) pushTo(byAgent, c.agent, c.capture);
    const agents = [...byAgent.keys()].sort();
    if (agents.length === 0) continue;
    const rated = new Map(
      rateAgents(publicPairs(mine), agents, { seed: o.seed, resamples: o.resamples }).map((r) => [
        r.agent,
        r,
      ]),
    );
    const group = agents.map((agent) => {
      const xs = byAgent.get(agent)!;
      const r = rated.get(agent)!;
      return {
        agent,
        role,
        deals: xs.length,
        market_share: xs.length / mine.length,
        mean_capture: mean(xs),
        capture_ci: bootstrapCi(xs, { seed: o.seed, resamples: o.resamples }),
        rating: r.rating,
        rating_ci: r.ci,
        games: r.games,
        on_frontier: false,
      };
    });
    const front = new Set(paretoFrontierBy(group, "market_share", "mean_capture").map((r) => r.agent));
    for (const r of group) rows.push({ ...r, on_frontier: front.has(r.agent) });
  }
  rows.sort((a, b) => a.role.localeCompare(b.role) || b.rating - a.rating || a.agent.localeCompare(b.agent));
  return {
    tape_entries: tape.length,
    settlements: tape.filter((e) => e.kind === "settled").length,
    rows,
  };
}
