import { openRequest, type RequestSpec } from "../request/request-market";
import type { RequestState } from "../request/request-state";

/** A small request market for tests: three seller agents, top 1, bar 6. */
export function fixtureRequest(
  over: Partial<RequestSpec> = {},
  terms: Partial<RequestSpec["terms"]> = {},
): RequestState {
  return openRequest({
    market_id: "rq-1",
    seed: 11,
    requester: "req",
    opened_at: 0,
    roster: ["a", "b", "c"],
    ...over,
    terms: {
      item: { name: "shop logo", kind: "service", description: "a logo for a tea stall" },
      max_price: 50_000,
      top_n: 1,
      min_quality: 6,
      criteria: ["vector files", "two revisions", "delivery in five days"],
      deadline: 10_000,
      ...terms,
    },
  });
}

/** A pitch that meets every fixture criterion, and one that meets none. */
export const GOOD_PITCH =
  "Vector files in three colours, two revisions included, delivery in five days flat.";
export const WEAK_PITCH = "I have drawn many logos for many happy customers and I will draw yours too.";

export function requestSnapshot(s: RequestState): string {
  return JSON.stringify({
    events: s.events,
    status: s.status,
    decisions: [...s.part.decisions],
    keys: [...s.part.keys],
    subs: [...s.subs],
    latest: [...s.latest],
    winners: s.winners,
    judged: [...s.judged],
  });
}
