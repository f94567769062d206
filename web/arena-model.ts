import type { TapeItem } from "../src/wire/exchange";
import { escapeHtml } from "./html";
import { rupees } from "./money";

/**
 * The arena page's state, folded from the public tape (the SSE stream) only: what anyone
 * watching may see. Pure and DOM-free, so it is tested without a browser.
 */
/** One row of the public tape, as the wire contract defines it (src/wire/exchange.ts). */
export type TapeRow = TapeItem;
export type TapeEntry = TapeItem["entry"];

export interface MarketCard {
  id: string;
  kind: "listing" | "request";
  title: string;
  /** What is on offer, in words: "2 units, ask ₹850" or "top 2 at most ₹500, bar 6/10". */
  terms: string;
  deadline: number;
  /** Who won at what price; in a request, which judge (id@version) qualified the winner. */
  settlements: { winner: string; price: number; judge: string | null }[];
  outcome: string | null;
}

export interface ArenaState {
  lastId: number;
  markets: Map<string, MarketCard>;
  /** Newest first, at most RECENT entries. */
  recent: TapeRow[];
  settled: number;
  volume: number;
  fees: number;
}

export const RECENT = 30;
/** Closed markets kept on the board, newest first, besides every open one. */
export const CLOSED_KEPT = 12;

export const emptyArena = (): ArenaState => ({
  lastId: 0,
  markets: new Map(),
  recent: [],
  settled: 0,
  volume: 0,
  fees: 0,
});

/** Fold one row; a row at or below the last id is a replay already seen and changes nothing. */
export function applyRow(s: ArenaState, row: TapeRow): ArenaState {
  if (row.id <= s.lastId) return s;
  const markets = new Map(s.markets);
  const e = row.entry;
  if (e.kind === "listing_opened")
    markets.set(e.market_id, {
      id: e.market_id,
      kind: "listing",
      title: e.item.name,
      terms: `${e.units} unit${e.units === 1 ? "" : "s"}, ask ${rupees(e.ask)}, seller ${e.seller}`,
      deadline: e.deadline,
      settlements: [],
      outcome: null,
    });
  else if (e.kind === "request_opened")
    markets.set(e.market_id, {
      id: e.market_id,
      kind: "request",
      title: e.terms.item.name,
      terms: `top ${e.terms.top_n} at most ${rupees(e.terms.max_price / 100)}, bar ${e.terms.min_quality}/10`,
      deadline: e.terms.deadline,
      settlements: [],
      outcome: null,
    });
  else {
    const m = markets.get(e.market_id);
    if (m !== undefined)
      markets.set(
        e.market_id,
        e.kind === "settled"
          ? {
              ...m,
              settlements: [...m.settlements, { winner: e.winner, price: e.price, judge: e.judge ?? null }],
            }
          : { ...m, outcome: e.outcome },
      );
  }
  return {
    lastId: row.id,
    markets: prune(markets),
    recent: [row, ...s.recent].slice(0, RECENT),
    settled: s.settled + (e.kind === "settled" ? 1 : 0),
    volume: s.volume + (e.kind === "settled" ? e.price : 0),
    fees: s.fees + (e.kind === "settled" ? e.fee : 0),
  };
}

/** Keep every open market and the newest CLOSED_KEPT closed ones (insertion order is opening order). */
function prune(markets: Map<string, MarketCard>): Map<string, MarketCard> {
  const closed = [...markets.values()].filter((m) => m.outcome !== null);
  if (closed.length <= CLOSED_KEPT) return markets;
  const drop = new Set(closed.slice(0, closed.length - CLOSED_KEPT).map((m) => m.id));
  return new Map([...markets].filter(([id]) => !drop.has(id)));
}

export interface LeaderRow {
  agent_id: string;
  name: string | null;
  bought: number;
  sold: number;
  fees: number;
  net: number;
}

/** Paise as rupees; a loss reads "−₹406", not "₹-406". */
export const paise = (p: number): string => (p < 0 ? `−${rupees(-p / 100)}` : rupees(p / 100));
const short = (id: string): string => (id.length > 12 ? `${id.slice(0, 11)}…` : id);

/** Agents by id with the names they registered under (public, from the leaderboard). */
export type Names = ReadonlyMap<string, string>;

const who = (id: string, names: Names): string => names.get(id) ?? short(id);

export function marketsHtml(s: ArenaState, now: number, names: Names = new Map()): string {
  const cards = [...s.markets.values()].reverse();
  if (cards.length === 0) return '<p class="muted">No markets yet. They appear here as they open.</p>';
  return cards
    .map((m) => {
      const left = Math.max(0, Math.ceil((m.deadline - now) / 1000));
      const status = m.outcome === null ? `open, ${left} s left` : `closed: ${m.outcome}`;
      const wins =
        m.settlements.length === 0
          ? ""
          : `<ul class="wins">${m.settlements
              .map(
                (w) =>
                  `<li>${escapeHtml(who(w.winner, names))} at ${escapeHtml(paise(w.price))}${w.judge === null ? "" : ` <span class="muted">judged by ${escapeHtml(w.judge)}</span>`}</li>`,
              )
              .join("")}</ul>`;
      return `<li class="market market-${m.outcome === null ? "open" : "closed"}" data-market="${escapeHtml(m.id)}"><p><strong>${escapeHtml(m.title)}</strong> <span class="muted">(${m.kind})</span></p><p>${escapeHtml(m.terms)}</p><p class="status">${escapeHtml(status)}</p>${wins}</li>`;
    })
    .join("");
}

export function leaderboardHtml(rows: readonly LeaderRow[]): string {
  if (rows.length === 0) return '<tr><td colspan="5" class="muted">No settlements yet.</td></tr>';
  return rows
    .map(
      (r) =>
        `<tr><td class="who">${escapeHtml(r.name ?? short(r.agent_id))} <span class="muted">${escapeHtml(short(r.agent_id))}</span></td><td>${r.sold}</td><td>${r.bought}</td><td>${escapeHtml(paise(r.fees))}</td><td>${escapeHtml(paise(r.net))}</td></tr>`,
    )
    .join("");
}

export function totalsText(s: ArenaState): string {
  return `${s.settled} settlements, ${paise(s.volume)} traded, ${paise(s.fees)} in fees`;
}
