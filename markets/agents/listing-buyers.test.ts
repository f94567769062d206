import { describe, expect, it } from "vitest";
import { ruleBuyer } from "../../buyers/rule-buyers";
import { actListing } from "../listing/listing-market";
import { FIXTURE_SELLER, fixtureListing } from "../testing/listing-fixture";
import { type ListingAgentView, viewFor } from "../views";
import { LISTING_BUYER_SPECS, listingBuyer, negotiatingBuyer, PASS_BELOW_ASK_SHARE } from "./listing-buyers";

const ctx = { seed: 4, market: 2, step: 0 };

describe("negotiating buyer", () => {
  it("passes when the ask is far above its value, engages otherwise", () => {
    const m = fixtureListing();
    const view = viewFor(m, { role: "agent", agent: "a" }) as ListingAgentView;
    const agent = listingBuyer("a", "rule:smart");
    expect(agent.decide(view, PASS_BELOW_ASK_SHARE * m.opened.anchor - 1)).toEqual({
      engage: false,
      reason: "over_budget",
    });
    expect(agent.decide(view, m.opened.anchor)).toEqual({ engage: true });
  });

  it("plays exactly what the eval policy plays on its thread, with its own value as the budget", async () => {
    const m = fixtureListing();
    actListing(m, { agent: "a", action: { type: "engage" } }, 1, FIXTURE_SELLER);
    const value = 900;
    const agent = negotiatingBuyer("a", ruleBuyer("smart"));
    for (let step = 0; step < 3; step++) {
      const view = viewFor(m, { role: "agent", agent: "a" }) as ListingAgentView;
      const direct = await ruleBuyer("smart").act(
        { ...view.me.thread!.observation, own_private_budget: value },
        { seed: ctx.seed, episode: ctx.market, step },
      );
      const move = await agent.move(view, value, { ...ctx, step });
      expect(move.type).toBe(direct.action.type);
      if (move.type === "offer") expect(move.price).toBe(direct.action.price);
      if (move.type !== "offer" || m.threads.get("a")!.done) break;
      actListing(m, { agent: "a", action: move }, 2 + step, FIXTURE_SELLER);
    }
  });

  it("builds every listed spec", () => {
    for (const spec of LISTING_BUYER_SPECS) expect(listingBuyer("x", spec).policy).toBe(spec);
  });
});
