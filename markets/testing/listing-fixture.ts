import type { SellerPolicy } from "../../env/seller-policy";
import { resolveSeller } from "../../sellers/registry";
import { type ListingSpec, openListing } from "../listing/listing-market";
import type { ListingState } from "../listing/listing-state";

/** A small real listing (a released rule seller, real engine) for tests. */
export const FIXTURE_SELLER = resolveSeller("bazaar-default@1");

export function fixtureSpec(over: Partial<ListingSpec> = {}): ListingSpec {
  return {
    market_id: "lm-1",
    seed: 7,
    seller_account: "house:lm-1",
    item: { name: "brass lamp", category: "decor" },
    units: 2,
    cost: 600,
    anchor_base: 1000,
    rounds: 8,
    opened_at: 0,
    deadline: 10_000,
    roster: ["a", "b", "c"],
    ...over,
  };
}

export const fixtureListing = (
  over: Partial<ListingSpec> = {},
  seller: SellerPolicy = FIXTURE_SELLER,
): ListingState => openListing(fixtureSpec(over), seller);

/** Everything a refused action must leave untouched, as one comparable string. */
export function listingSnapshot(s: ListingState): string {
  return JSON.stringify({
    events: s.events,
    status: s.status,
    decisions: [...s.part.decisions],
    keys: [...s.part.keys],
    threads: [...s.threads].map(([a, t]) => [a, t.events, t.done]),
    deals: s.deals,
  });
}
