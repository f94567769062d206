import type { Cost, Settlement, Valuation } from "../ledger";
import type { MarketEvent } from "../market";
import type { PassReason } from "../participation";

/** What one simulated market leaves behind: its log, what to post to the ledger, and who did what. */
export interface MarketOutcome {
  market_id: string;
  kind: "listing" | "request";
  events: MarketEvent[];
  settlements: Settlement[];
  valuations: Valuation[];
  costs: Cost[];
  offered: string[];
  engaged: string[];
  passed: { agent: string; reason: PassReason }[];
  winners: string[];
  /** Actions the market refused (late moves, mostly): counted, never fatal. */
  refused: number;
}

/** Spacing of market openings and how long each stays open, in virtual ms. */
export const MARKET_GAP_MS = 120_000;
export const MARKET_OPEN_MS = 60_000;
