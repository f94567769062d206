import { round2 } from "../../env/money";
import type { Rng } from "../../env/prng";

/** A product a seller can put on the table, with both its printed and its going price. */
export interface Listing {
  id: string;
  name: string;
  category: string;
  /** Printed maximum retail price (MRP). */
  listPrice: number;
  /** What the product actually sells for; strictly below listPrice. */
  streetPrice: number;
  source: "builtin" | "amazon-csv" | "craigslist";
}

/** The hidden economics of one episode, derived from its listing. */
export interface ListingEconomics {
  buyerBudget: number;
  anchor: number;
  sellerCost: number;
  fairValue: number;
}

/** Share of the street price a seller is assumed to have paid for the stock. */
const COST_SHARE_OF_STREET = 0.7;

/**
 * The buyer is willing to go up to MRP and the seller opens exactly there, so the
 * whole negotiation happens between the MRP and a cost well under the street price.
 */
export function listingEconomics(l: Listing): ListingEconomics {
  return {
    buyerBudget: round2(l.listPrice),
    anchor: round2(l.listPrice),
    sellerCost: round2(COST_SHARE_OF_STREET * l.streetPrice),
    fairValue: round2(l.streetPrice),
  };
}

const SHORT_NAME_LIMIT = 80;

/** Trims a title and keeps it short enough to sit in one line of dialogue. */
export function clipName(raw: string): string {
  const t = raw.trim();
  return t.length > SHORT_NAME_LIMIT ? `${t.slice(0, SHORT_NAME_LIMIT - 3)}...` : t;
}

/** Marketplace titles pile specs after the first comma; the part before it names the product. */
export function shortName(raw: string): string {
  const comma = raw.indexOf(",");
  return clipName(comma === -1 ? raw : raw.slice(0, comma));
}

/** Uniform choice; the caller passes the episode's "listing" stream so draws stay reproducible. */
export function sampleListing(listings: readonly Listing[], rng: Rng): Listing {
  if (listings.length === 0) throw new RangeError("cannot sample from an empty listing catalog");
  return rng.pick(listings);
}
