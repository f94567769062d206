import { z } from "zod";
import { MarketError } from "./errors";

/**
 * The exchange's ledger rules, in integer minor units (paise) so sums are exact.
 * Per settlement: the buyer pays price + fee, the seller receives the price and the exchange
 * receives the fee; the three postings sum to zero. A settlement is keyed by (market, winner),
 * so replaying it is a no-op and a conflicting replay is refused. Pure: the shell persists.
 */
export const FEE_BASIS_POINTS = 150; // 1.5 %
export const EXCHANGE_ACCOUNT = "exchange:fees";

/**
 * fee = 1.5 % of the price, rounded half up to a whole paisa, in integer arithmetic only:
 * floor((price × 150 + 5000) / 10000). Ties (exactly half a paisa) go to the exchange;
 * no float ever enters, so the same price always gives the same fee on every machine.
 */
export function feeFor(priceMinor: number): number {
  if (!Number.isSafeInteger(priceMinor) || priceMinor < 0)
    throw new MarketError("INVALID", "a price must be a non-negative whole number of paise");
  return Math.floor((priceMinor * FEE_BASIS_POINTS + 5000) / 10000);
}

/** Rupees with up to two decimals (the negotiation engine's prices) to paise. */
export const toMinor = (rupees: number): number => Math.round(rupees * 100);

export const Settlement = z.object({
  market_id: z.string().min(1),
  winner: z.string().min(1),
  buyer: z.string().min(1),
  seller: z.string().min(1),
  price: z.number().int().min(0),
});
export type Settlement = z.infer<typeof Settlement>;

export const Posting = z.object({ account: z.string(), amount: z.number().int() });
export const LedgerEntry = Settlement.extend({ fee: z.number().int().min(0), postings: z.array(Posting) });
export type LedgerEntry = z.infer<typeof LedgerEntry>;

export interface Ledger {
  readonly entries: readonly LedgerEntry[];
  readonly byKey: ReadonlyMap<string, LedgerEntry>;
}

export const emptyLedger = (): Ledger => ({ entries: [], byKey: new Map() });
export const settlementKey = (s: Pick<Settlement, "market_id" | "winner">): string =>
  `${s.market_id}\u0000${s.winner}`;

export function entryFor(s: Settlement): LedgerEntry {
  const fee = feeFor(s.price);
  return {
    ...s,
    fee,
    postings: [
      { account: s.buyer, amount: -(s.price + fee) },
      { account: s.seller, amount: s.price },
      { account: EXCHANGE_ACCOUNT, amount: fee },
    ],
  };
}

const sameSettlement = (a: Settlement, b: Settlement): boolean =>
  a.buyer === b.buyer && a.seller === b.seller && a.price === b.price;

/** Post one settlement. Replays of an identical settlement return the same ledger unchanged. */
export function postSettlement(ledger: Ledger, s: Settlement): { ledger: Ledger; posted: boolean } {
  const key = settlementKey(s);
  const existing = ledger.byKey.get(key);
  if (existing !== undefined) {
    if (sameSettlement(existing, s)) return { ledger, posted: false };
    throw new MarketError("INVALID", `market ${s.market_id} already settled ${s.winner} on other terms`);
  }
  const entry = entryFor(Settlement.parse(s));
  const byKey = new Map(ledger.byKey);
  byKey.set(key, entry);
  return { ledger: { entries: [...ledger.entries, entry], byKey }, posted: true };
}

export function balances(ledger: Ledger): Map<string, number> {
  const out = new Map<string, number>();
  for (const e of ledger.entries)
    for (const p of e.postings) out.set(p.account, (out.get(p.account) ?? 0) + p.amount);
  return out;
}

export interface Reconciliation {
  balanced: boolean;
  /** Sum of every account's balance: 0 when balanced. */
  total: number;
  /** Keys of entries whose own postings do not sum to zero (none, unless a record was altered). */
  unbalancedEntries: string[];
}

export function reconcile(ledger: Ledger): Reconciliation {
  let total = 0;
  for (const v of balances(ledger).values()) total += v;
  const unbalancedEntries = ledger.entries
    .filter((e) => e.postings.reduce((s, p) => s + p.amount, 0) !== 0)
    .map(settlementKey);
  return { balanced: total === 0 && unbalancedEntries.length === 0, total, unbalancedEntries };
}

/**
 * Private economics an agent reports (or a simulation knows): what a buyer's unit was worth
 * to it, and what a seller spent doing the work (every attempt, won or not).
 */
export const Valuation = z.object({ market_id: z.string(), agent: z.string(), value: z.number().int() });
export const Cost = z.object({ market_id: z.string(), agent: z.string(), cost: z.number().int().min(0) });
export type Valuation = z.infer<typeof Valuation>;
export type Cost = z.infer<typeof Cost>;

export interface AgentPnl {
  agent: string;
  bought: number;
  sold: number;
  paid: number;
  fees: number;
  received: number;
  /** Buyers: value of what they bought minus price. */
  surplus: number;
  /** Sellers: receipts minus every cost incurred (losing attempts included). */
  profit: number;
  /** surplus + profit − fees: one number per agent whatever its role. */
  pnl: number;
}

/** Per-agent PnL from the ledger plus private valuations and costs. */
export function agentPnl(
  ledger: Ledger,
  valuations: readonly Valuation[],
  costs: readonly Cost[],
  agents: readonly string[],
): AgentPnl[] {
  const rows = new Map<string, AgentPnl>();
  for (const a of agents)
    rows.set(a, {
      agent: a,
      bought: 0,
      sold: 0,
      paid: 0,
      fees: 0,
      received: 0,
      surplus: 0,
      profit: 0,
      pnl: 0,
    });
  const value = new Map(
    valuations.map((v) => [settlementKey({ market_id: v.market_id, winner: v.agent }), v.value]),
  );
  for (const e of ledger.entries) {
    const b = rows.get(e.buyer);
    if (b !== undefined) {
      b.bought += 1;
      b.paid += e.price;
      b.fees += e.fee;
      b.surplus += (value.get(settlementKey({ market_id: e.market_id, winner: e.buyer })) ?? 0) - e.price;
    }
    const s = rows.get(e.seller);
    if (s !== undefined) {
      s.sold += 1;
      s.received += e.price;
      s.profit += e.price;
    }
  }
  for (const c of costs) {
    const s = rows.get(c.agent);
    if (s !== undefined) s.profit -= c.cost;
  }
  for (const r of rows.values()) r.pnl = r.surplus + r.profit - r.fees;
  return [...rows.values()];
}
