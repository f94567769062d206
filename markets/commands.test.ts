import { describe, expect, it } from "vitest";
import { AgentCommand, actMarket, tickMarket } from "./commands";
import { MarketError } from "./errors";
import { MAX_MESSAGE_CHARS } from "./listing/listing-market";
import { FIXTURE_SELLER, fixtureListing, listingSnapshot } from "./testing/listing-fixture";
import { expectRefused } from "./testing/refused";
import { fixtureRequest, GOOD_PITCH, requestSnapshot } from "./testing/request-fixture";

describe("AgentCommand", () => {
  it("parses each action and rejects unknown fields, including a self-asserted agent id", () => {
    expect(AgentCommand.parse({ market_id: "m", action: { type: "offer", price: 10 } }).action.type).toBe(
      "offer",
    );
    expect(
      AgentCommand.safeParse({ market_id: "m", action: { type: "engage" }, agent: "someone" }).success,
    ).toBe(false);
    expect(
      AgentCommand.safeParse({ market_id: "m", action: { type: "pass", reason: "bored" } }).success,
    ).toBe(false);
  });

  it("lets an oversize message through to the domain's typed error", () => {
    const body = { market_id: "m", action: { type: "walk", message: "x".repeat(MAX_MESSAGE_CHARS + 1) } };
    expect(AgentCommand.safeParse(body).success).toBe(true);
  });
});

describe("actMarket", () => {
  it("dispatches to either kind and refuses the other kind's actions without changing anything", () => {
    const l = fixtureListing();
    expect(actMarket(l, "a", { type: "engage" }, null, 1, { seller: FIXTURE_SELLER })).toHaveLength(1);
    expectRefused(
      () => listingSnapshot(l),
      () =>
        actMarket(l, "a", { type: "submit", price: 1, pitch: GOOD_PITCH }, null, 2, {
          seller: FIXTURE_SELLER,
        }),
      "INVALID",
    );
    const r = fixtureRequest();
    expect(actMarket(r, "a", { type: "engage" }, null, 1)).toHaveLength(1);
    expectRefused(
      () => requestSnapshot(r),
      () => actMarket(r, "a", { type: "offer", price: 5 }, null, 2),
      "INVALID",
    );
    expect(actMarket(r, "a", { type: "submit", price: 100, pitch: GOOD_PITCH }, "k", 2)).toHaveLength(1);
    expect(actMarket(r, "a", { type: "submit", price: 100, pitch: GOOD_PITCH }, "k", 3)).toEqual([]);
  });

  it("ticks either kind to its close at the deadline", () => {
    const l = fixtureListing();
    const r = fixtureRequest();
    expect(tickMarket(l, 10_000).at(-1)).toMatchObject({ type: "listing_closed", reason: "deadline" });
    expect(tickMarket(r, 10_000).at(-1)).toMatchObject({ type: "request_closed", outcome: "timeout" });
    expect(() => actMarket(r, "a", { type: "engage" }, null, 10_001)).toThrow(MarketError);
  });
});
