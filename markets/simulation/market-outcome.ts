import { deriveSeed, type Rng, rngFor } from "../../env/prng";
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

export function emptyOutcome(
  marketId: string,
  kind: MarketOutcome["kind"],
  events: MarketEvent[],
  offered: string[],
): MarketOutcome {
  return {
    market_id: marketId,
    kind,
    events,
    settlements: [],
    valuations: [],
    costs: [],
    offered,
    engaged: [],
    passed: [],
    winners: [],
    refused: 0,
  };
}

/** Where one market sits in a run: its number, id, opening time and the run's seed. */
export interface MarketSlot {
  index: number;
  id: string;
  openedAt: number;
  seed: number;
}

/** The market's own seed, the generator that draws its terms, and its deadline. */
export function slotSetup(slot: MarketSlot): { marketSeed: number; rng: Rng; deadline: number } {
  const marketSeed = deriveSeed(slot.seed, slot.id);
  return {
    marketSeed,
    rng: rngFor(marketSeed, "listing", slot.index, 0),
    deadline: slot.openedAt + MARKET_OPEN_MS,
  };
}
