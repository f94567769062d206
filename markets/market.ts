import type { ListingEvent } from "./listing/listing-events";
import { type ListingState, replayListing } from "./listing/listing-state";
import type { RequestEvent } from "./request/request-events";
import { type RequestState, replayRequest } from "./request/request-state";

/** Either kind of market; `kind` tells them apart. */
export type Market = ListingState | RequestState;
export type MarketEvent = ListingEvent | RequestEvent;

export const marketId = (m: Market): string => m.opened.market_id;

/** Rebuild a market of either kind from its log. */
export function replayMarket(events: readonly MarketEvent[]): Market {
  const first = events[0];
  if (first?.type === "listing_opened") return replayListing(events as ListingEvent[]);
  if (first?.type === "request_opened") return replayRequest(events as RequestEvent[]);
  throw new Error("a market log starts with listing_opened or request_opened");
}
