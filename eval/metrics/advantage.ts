import { round4 } from "../../env/money";
import type { DealRecord } from "../../env/records";

/** Symmetric scoring (REFERENCE §12.2, D28): shares of the zone of agreement and a win/loss/tie call. */
export const WIN_THRESHOLD = 0.6;

export type AdvantageClass = "buyer_win" | "seller_win" | "tie" | "mutual_loss" | "rational_walk";

export interface Shares {
  buyer: number;
  seller: number;
}

export function shares(r: DealRecord): Shares | null {
  if (r.outcome !== "deal" || r.agreed_price === null) return null;
  const zopa = r.buyer_budget - r.seller_cost;
  if (zopa <= 0) return null;
  return { buyer: (r.buyer_budget - r.agreed_price) / zopa, seller: (r.agreed_price - r.seller_cost) / zopa };
}

export function classify(r: DealRecord): AdvantageClass {
  const s = shares(r);
  if (s === null) return r.buyer_budget - r.seller_cost <= 0 ? "rational_walk" : "mutual_loss";
  if (s.buyer > WIN_THRESHOLD) return "buyer_win";
  if (s.seller > WIN_THRESHOLD) return "seller_win";
  return "tie";
}

export interface AdvantageRates {
  mean_buyer_share: number;
  win_rate: number;
  loss_rate: number;
  tie_rate: number;
  mutual_loss_rate: number;
  rational_walk_rate: number;
}

export function advantageRates(records: readonly DealRecord[]): AdvantageRates {
  const n = Math.max(1, records.length);
  const count = (c: AdvantageClass): number => round4(records.filter((r) => classify(r) === c).length / n);
  const buyerShares = records
    .map(shares)
    .filter((s): s is Shares => s !== null)
    .map((s) => s.buyer);
  const meanShare =
    buyerShares.length === 0 ? 0 : buyerShares.reduce((a, b) => a + b, 0) / buyerShares.length;
  return {
    mean_buyer_share: round4(meanShare),
    win_rate: count("buyer_win"),
    loss_rate: count("seller_win"),
    tie_rate: count("tie"),
    mutual_loss_rate: count("mutual_loss"),
    rational_walk_rate: count("rational_walk"),
  };
}
