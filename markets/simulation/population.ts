import { deriveSeed, rngFor } from "../../env/prng";
import type { ListingBuyerAgent, RequestSellerAgent } from "../agents/agent-policy";
import { LISTING_BUYER_SPECS, listingBuyer } from "../agents/listing-buyers";
import { alwaysFill, evBidder, priceCutter, type SellerTraits } from "../agents/request-sellers";

/**
 * The field of a simulated economy: half buyers for listing markets, half sellers for request
 * markets, policies assigned round-robin, traits drawn from the run seed per agent.
 */
export interface Population {
  buyers: ListingBuyerAgent[];
  sellers: RequestSellerAgent[];
  /** Per-buyer pause between moves (virtual ms). */
  thinkMs: Map<string, number>;
}

export const SELLER_POLICIES = ["ev-bidder", "always-fill", "price-cutter"] as const;

const pad = (i: number): string => String(i).padStart(3, "0");

export function sellerTraits(seed: number, id: string, policy: string): SellerTraits {
  const rng = rngFor(deriveSeed(seed, `traits:${id}`), "arena", 0, 0);
  const speed = Math.round(rng.uniform(3_000, 15_000));
  return {
    skill: rng.uniform(0.35, 0.95),
    costPerAttempt: Math.round(rng.uniform(500, 6_000)),
    // Cutting price goes with cutting corners: faster work, the same skill draw.
    speedMs: policy === "price-cutter" ? Math.round(speed / 2) : speed,
  };
}

export function population(agents: number, seed: number): Population {
  const nBuyers = Math.ceil(agents / 2);
  const buyers: ListingBuyerAgent[] = [];
  const sellers: RequestSellerAgent[] = [];
  const thinkMs = new Map<string, number>();
  for (let i = 0; i < nBuyers; i++) {
    const id = `buyer-${pad(i + 1)}`;
    buyers.push(listingBuyer(id, LISTING_BUYER_SPECS[i % LISTING_BUYER_SPECS.length]!));
    thinkMs.set(id, Math.round(rngFor(deriveSeed(seed, `think:${id}`), "arena", 0, 0).uniform(500, 3_000)));
  }
  for (let i = 0; i < agents - nBuyers; i++) {
    const id = `seller-${pad(i + 1)}`;
    const policy = SELLER_POLICIES[i % SELLER_POLICIES.length]!;
    const t = sellerTraits(seed, id, policy);
    sellers.push(
      policy === "ev-bidder"
        ? evBidder(id, t)
        : policy === "always-fill"
          ? alwaysFill(id, t)
          : priceCutter(id, t),
    );
  }
  return { buyers, sellers, thinkMs };
}
