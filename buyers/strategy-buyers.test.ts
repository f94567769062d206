import { describe, expect, it } from "vitest";
import { buyerFromSpec } from "./buyer-registry";
import { openingObservation } from "./testing/opening-observation";

const ctx = { seed: 1, episode: 1, step: 0 };

describe("strategy one-liners", () => {
  it("offer-0-accept-last offers nothing until the last round, then accepts", async () => {
    const b = buyerFromSpec("strategy:offer-0-accept-last");
    expect((await b.act(openingObservation("single_deal@2"), ctx)).action).toMatchObject({
      type: "offer",
      price: 0,
    });
    const last = openingObservation("single_deal@2", { rounds_remaining: 1 });
    expect((await b.act(last, ctx)).action.type).toBe("accept");
  });

  it("accept-first takes the opening ask", async () => {
    const b = buyerFromSpec("strategy:accept-first");
    expect((await b.act(openingObservation("single_deal@2"), ctx)).action.type).toBe("accept");
  });

  it("split-the-difference opens at half the ask, then meets the ask halfway from its last offer", async () => {
    const b = buyerFromSpec("strategy:split-the-difference");
    const obs = openingObservation("single_deal@2");
    const first = (await b.act(obs, ctx)).action;
    expect(first.price).toBeCloseTo(obs.seller_asking_price / 2, 1);
    const later = openingObservation("single_deal@2", {
      current_round: 2,
      own_last_offer: 40,
      opponent_last_offer: 60,
    });
    expect((await b.act(later, ctx)).action.price).toBe(50);
  });
});
