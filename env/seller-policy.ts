import type { Rng } from "./prng";
import type { SellerType } from "./seller-type";
import type { TellProfile } from "./tells/nonverbal";

/** Identity of an exact, immutable seller release: what a number was measured against. */
export interface SellerRef {
  id: string;
  version: number;
  /** Content hash of the parameters (and, for LLM sellers, model, prompt and sampling). */
  hash: string;
}

export const sellerKey = (ref: SellerRef): string => `${ref.id}@${ref.version}`;

/** What a seller is told when an episode opens. Economics are hidden from the buyer. */
export interface SellerSetup {
  itemName: string;
  cost: number;
  /** Opening ask before any persona multiplier (task cost × anchor multiplier, or a listing's MRP). */
  anchorBase: number;
  rounds: number;
  concessionRate: number;
  inventory: number;
  batnaProbability: number;
  /** Career tasks: share of the buyer's recent deals that were capitulations. */
  buyerCapitulationRate: number;
  /** v2 tasks: the hidden seller type drawn for this seed; typed sellers read it, v1 sellers ignore it. */
  type?: SellerType;
}

/** The seller's JSON-serialisable private memory (bluffs used, pressure lines, …). */
export type SellerMemory = Readonly<Record<string, number | string | boolean | null>>;

export interface SellerOpening {
  anchor: number;
  reservation: number;
  maxRounds: number;
  /** 0.5 for a single item, inventory share otherwise: drives urgency tells. */
  inventoryPressure: number;
  message: string;
  memory: SellerMemory;
}

/** Facts the engine tracks and hands to the seller every turn (the seller never tracks them itself). */
export interface SellerTurnInput {
  round: number;
  maxRounds: number;
  buyerOffer: number;
  buyerMessage: string;
  itemName: string;
  anchor: number;
  reservation: number;
  cost: number;
  /** The seller's last quoted price (the anchor before its first counter). */
  lastQuote: number;
  /** The seller's own counters so far, oldest first. */
  counters: readonly number[];
  memory: SellerMemory;
}

export type SellerMove = "counter" | "accept" | "walk";

export interface SellerTurn {
  action: SellerMove;
  /** Counter price, or the accepted price; null for a walk. */
  price: number | null;
  message: string;
  memory: SellerMemory;
}

export interface SellerRngs {
  decision: Rng;
  phrasing: Rng;
}

/**
 * A synchronous, pure seller. Any async seller (an LLM) proposes a turn in the shell and the
 * engine still passes it through the same rules guard; this interface is what the guard and
 * the fallback need.
 */
export interface SellerPolicy {
  readonly ref: SellerRef;
  readonly tellProfile: TellProfile;
  /** Shown to the buyer when the task reveals personas. */
  readonly persona: string;
  /** LLM sellers auto-accept any offer at/above reservation (REFERENCE §9); rule sellers keep their own thresholds. */
  readonly acceptAtReservation: boolean;
  /**
   * Released with exact prices (llm@3 on): when the rules guard writes this seller's price into
   * its words (a clamped counter, a restated line), it uses the one price formatter,
   * `formatMoney`, whatever the task's notices use. Unset on releases recorded before that.
   */
  readonly exactPrices?: boolean;
  open(setup: SellerSetup, rngs: SellerRngs): SellerOpening;
  respond(input: SellerTurnInput, rngs: SellerRngs): SellerTurn;
}
