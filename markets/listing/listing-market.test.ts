import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { resolveSeller } from "../../sellers/registry";
import type { MarketError } from "../errors";
import { fixtureListing, listingSnapshot, FIXTURE_SELLER as seller } from "../testing/listing-fixture";
import { expectRefused } from "../testing/refused";
import type { ListingEvent } from "./listing-events";
import { actListing, MAX_MESSAGE_CHARS, tickListing } from "./listing-market";
import { type ListingState, replayListing } from "./listing-state";

const engage = (s: ListingState, agent: string, now = 1) =>
  actListing(s, { agent, action: { type: "engage" } }, now, seller);
const offer = (s: ListingState, agent: string, price: number, now = 2) =>
  actListing(s, { agent, action: { type: "offer", price } }, now, seller);

const refused = (s: ListingState, f: () => unknown, code: MarketError["code"]) =>
  expectRefused(() => listingSnapshot(s), f, code);

describe("listing market", () => {
  it("negotiates in a private thread and settles a deal at or above the reservation", () => {
    const s = fixtureListing();
    engage(s, "a");
    let out: ListingEvent[] = [];
    for (const p of [500, 560, 620, 680, 740, 800]) {
      out = offer(s, "a", p);
      if (s.deals.length > 0) break;
    }
    const deal = out.find((e) => e.type === "deal");
    expect(deal).toMatchObject({ agent: "a", unit: 1, via: "thread" });
    expect(s.deals[0]!.price).toBeGreaterThanOrEqual(s.opened.reservation);
    expect(s.status).toBe("open");
  });

  it("settles the first K deals by sequence number, then closes sold out", () => {
    const s = fixtureListing({ units: 1 });
    engage(s, "a");
    engage(s, "b");
    actListing(s, { agent: "b", action: { type: "accept" } }, 3, seller);
    expect(s.deals.map((d) => d.agent)).toEqual(["b"]);
    expect(s.status).toBe("closed");
    refused(s, () => actListing(s, { agent: "a", action: { type: "accept" } }, 4, seller), "MARKET_CLOSED");
  });

  it("at the deadline takes the best standing offers at or above the reservation", () => {
    const hard = resolveSeller("hardliner@1");
    // The hardliner never moves, so the deadline close is the only way to a deal.
    const market = fixtureListing({ units: 1 }, hard);
    actListing(market, { agent: "a", action: { type: "engage" } }, 1, hard);
    actListing(market, { agent: "b", action: { type: "engage" } }, 1, hard);
    actListing(market, { agent: "c", action: { type: "engage" } }, 1, hard);
    const r = market.opened.reservation;
    actListing(market, { agent: "a", action: { type: "offer", price: r + 10 } }, 2, hard);
    actListing(market, { agent: "b", action: { type: "offer", price: r + 10 } }, 3, hard);
    actListing(market, { agent: "c", action: { type: "offer", price: r - 1 } }, 4, hard);
    expect(tickListing(market, market.opened.deadline - 1)).toEqual([]);
    const out = tickListing(market, market.opened.deadline);
    expect(out.map((e) => e.type)).toEqual(["deal", "listing_closed"]);
    // Equal prices: the earlier offer (lower sequence number) wins.
    expect(out[0]).toMatchObject({ agent: "a", via: "close", price: r + 10 });
    expect(market.status).toBe("closed");
  });

  it("same inputs give byte-identical events, and the log replays to the same state", () => {
    const run = () => {
      const s = fixtureListing();
      engage(s, "a");
      engage(s, "b");
      actListing(s, { agent: "c", action: { type: "pass", reason: "over_budget" } }, 1, seller);
      for (const p of [400, 450, 520, 600, 700]) {
        if (s.status !== "open") break;
        if (!s.threads.get("a")!.done) offer(s, "a", p);
        if (!s.threads.get("b")!.done) offer(s, "b", p + 5);
      }
      tickListing(s, 10_000);
      return s;
    };
    const one = run();
    expect(JSON.stringify(run().events)).toBe(JSON.stringify(one.events));
    expect(listingSnapshot(replayListing(one.events))).toBe(listingSnapshot(one));
  });

  it("never sells below the reservation, whatever the buyers do", () => {
    const move = fc.record({
      agent: fc.constantFrom("a", "b", "c"),
      kind: fc.constantFrom("offer", "offer", "offer", "accept", "walk"),
      price: fc.integer({ min: 1, max: 1200 }),
    });
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1000 }), fc.array(move, { maxLength: 30 }), (seed, moves) => {
        const s = fixtureListing({ seed });
        for (const a of ["a", "b", "c"]) engage(s, a);
        let now = 2;
        for (const m of moves) {
          if (s.status !== "open" || s.threads.get(m.agent)!.done) continue;
          const action =
            m.kind === "offer"
              ? { type: "offer" as const, price: m.price }
              : { type: m.kind as "accept" | "walk" };
          actListing(s, { agent: m.agent, action }, now++, seller);
        }
        tickListing(s, s.opened.deadline);
        expect(s.deals.length).toBeLessThanOrEqual(s.opened.units);
        expect(new Set(s.deals.map((d) => d.agent)).size).toBe(s.deals.length);
        for (const d of s.deals) expect(d.price).toBeGreaterThanOrEqual(s.opened.reservation);
      }),
      { numRuns: 60 },
    );
  });
});

describe("listing market: bad input changes nothing", () => {
  it("refuses an unknown agent", () => {
    const s = fixtureListing();
    refused(s, () => engage(s, "mallory"), "UNKNOWN_AGENT");
  });
  it("refuses acting without engaging, or after passing", () => {
    const s = fixtureListing();
    refused(s, () => offer(s, "a", 500), "NOT_ENGAGED");
    actListing(s, { agent: "b", action: { type: "pass", reason: "negative_ev" } }, 1, seller);
    refused(s, () => offer(s, "b", 500), "NOT_ENGAGED");
    refused(s, () => engage(s, "b"), "ALREADY_DECIDED");
  });
  it("refuses a late action", () => {
    const s = fixtureListing();
    engage(s, "a");
    refused(s, () => offer(s, "a", 500, 10_000), "LATE");
  });
  it("refuses an oversize message and a nonsense price", () => {
    const s = fixtureListing();
    engage(s, "a");
    const long = "x".repeat(MAX_MESSAGE_CHARS + 1);
    refused(
      s,
      () => actListing(s, { agent: "a", action: { type: "offer", price: 500, message: long } }, 2, seller),
      "OVERSIZE",
    );
    refused(s, () => offer(s, "a", Number.NaN), "INVALID");
    refused(s, () => offer(s, "a", -5), "INVALID");
  });
  it("refuses a different seller than the one pinned", () => {
    const s = fixtureListing();
    engage(s, "a");
    refused(
      s,
      () =>
        actListing(s, { agent: "a", action: { type: "offer", price: 500 } }, 2, resolveSeller("hardliner@1")),
      "INVALID",
    );
  });
  it("treats a repeated client key as the same action", () => {
    const s = fixtureListing();
    engage(s, "a");
    const first = actListing(
      s,
      { agent: "a", action: { type: "offer", price: 500 }, client_key: "k1" },
      2,
      seller,
    );
    expect(first).toHaveLength(1);
    const before = listingSnapshot(s);
    expect(
      actListing(s, { agent: "a", action: { type: "offer", price: 500 }, client_key: "k1" }, 3, seller),
    ).toEqual([]);
    expect(listingSnapshot(s)).toBe(before);
    expect(listingSnapshot(replayListing(s.events))).toBe(before);
  });
});
