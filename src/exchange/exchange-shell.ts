import type Database from "better-sqlite3";
import type { LedgerEntry } from "../../markets/ledger";
import type { Judge, JudgeFailure } from "../../markets/request/judge";
import type { Logger } from "../log/logger";
import { type ExchangeMirror, ExchangeStore } from "../storage/exchange-store";
import type { PnlReply } from "../wire/exchange";
import { AgentRegistry } from "./agent-registry";
import { LiveExchange } from "./live-exchange";
import { inlineFitter, PublicRatingBoard, workerFitter } from "./public-rating-board";

/** The exchange's parts as the transports use them, over the server's one SQLite database. */
export interface ExchangeShell {
  store: ExchangeStore;
  registry: AgentRegistry;
  exchange: LiveExchange;
  /** Cash PnL of one agent from the ledger (paise). */
  pnl(agent: string): PnlReply;
  /** Ratings from the public tape alone (GET /markets/ratings). */
  ratings: PublicRatingBoard;
  /** Every agent that has traded, best net first, with its name. */
  leaderboard(): (PnlReply & { name: string | null })[];
  stop(): Promise<void>;
}

export interface ExchangeOptions {
  judge?: Judge;
  judgeTimeoutMs?: number;
  judgeFailure?: JudgeFailure;
  /** Fit the public ratings on this thread instead of a worker (tests that build many exchanges). */
  ratingsOnThisThread?: boolean;
  now?: () => number;
  logger?: Logger;
  ids?: { marketId: () => string; seed: () => number; agentId?: () => string };
  /** A durable copy each write also goes to before it is acknowledged (Postgres: pg-exchange.ts). */
  mirror?: ExchangeMirror;
}

const emptyPnl = (agent_id: string): PnlReply => ({
  agent_id,
  bought: 0,
  sold: 0,
  paid: 0,
  fees: 0,
  received: 0,
  net: 0,
});

/** Fold ledger entries into cash PnL rows: a buyer pays price + fee, a seller receives the price. */
export function cashPnl(entries: readonly LedgerEntry[], only?: string): Map<string, PnlReply> {
  const rows = new Map<string, PnlReply>();
  const row = (a: string): PnlReply => {
    let r = rows.get(a);
    if (r === undefined) {
      r = emptyPnl(a);
      rows.set(a, r);
    }
    return r;
  };
  for (const e of entries) {
    if (only === undefined || e.buyer === only) {
      const b = row(e.buyer);
      b.bought += 1;
      b.paid += e.price;
      b.fees += e.fee;
    }
    if (only === undefined || e.seller === only) {
      const s = row(e.seller);
      s.sold += 1;
      s.received += e.price;
    }
  }
  for (const r of rows.values()) r.net = r.received - r.paid - r.fees;
  return rows;
}

/** Open the exchange on `db` and resume the markets that were open when it last stopped. */
export function openExchange(db: Database.Database, opts: ExchangeOptions = {}): ExchangeShell {
  const store = new ExchangeStore(db, opts.mirror ?? null);
  const registry = new AgentRegistry(store, opts.now, opts.ids?.agentId);
  const exchange = new LiveExchange({ store, registry, ...opts });
  exchange.resume();
  const ratings = new PublicRatingBoard(
    store,
    (a) => registry.name(a),
    opts.now,
    opts.ratingsOnThisThread === true ? inlineFitter() : workerFitter(),
  );
  return {
    store,
    registry,
    exchange,
    ratings,
    pnl: (agent) => cashPnl(store.entriesOf(agent), agent).get(agent) ?? emptyPnl(agent),
    leaderboard: () =>
      [...cashPnl(store.allEntries()).values()]
        .filter((r) => r.agent_id.startsWith("ag_"))
        .map((r) => ({ ...r, name: registry.name(r.agent_id) }))
        .sort((a, b) => b.net - a.net || a.agent_id.localeCompare(b.agent_id)),
    async stop() {
      exchange.tape.end();
      await exchange.stop();
      await ratings.stop();
    },
  };
}
