import { describe, expect, it } from "vitest";
import { buyerFromSpec } from "../../buyers/buyer-registry";
import { openingObservation } from "../../buyers/testing/opening-observation";
import { marketReader, scarce } from "./market-reader";

const ctx = { seed: 1, episode: 1, step: 3 };

describe("the market-reading twin of a buyer", () => {
  it("plays exactly the base buyer when the tape gives no warning", async () => {
    const base = buyerFromSpec("param:tells-reader");
    for (const obs of [
      openingObservation("marketplace_arena@3", { current_round: 3 }),
      openingObservation("marketplace_arena@4", { current_round: 3 }),
    ]) {
      expect(scarce(obs, 3)).toBe(false);
      expect(await marketReader(base).act(obs, ctx)).toEqual(await base.act(obs, ctx));
    }
  });

  it("closes at the standing ask when recent sales would take the units left", async () => {
    const obs = openingObservation("marketplace_arena@4", {
      current_round: 5,
      market: {
        units_total: 3,
        units_left: 1,
        sales: [
          { round: 3, price: 90 },
          { round: 5, price: 88 },
        ],
      },
    });
    expect(scarce(obs, 3)).toBe(true);
    expect(scarce(obs, 1)).toBe(true);
    expect(scarce({ ...obs, market: { ...obs.market!, units_left: 2 } }, 3)).toBe(true);
    expect(scarce({ ...obs, market: { ...obs.market!, units_left: 2 } }, 1)).toBe(false);
    const act = await marketReader(buyerFromSpec("param:tells-reader")).act(obs, ctx);
    expect(act.action.type).toBe("accept");
    // Out of budget: the base buyer's own move stands.
    const poor = { ...obs, own_private_budget: obs.seller_asking_price / 2 };
    const base = await buyerFromSpec("param:tells-reader").act(poor, ctx);
    expect(await marketReader(buyerFromSpec("param:tells-reader")).act(poor, ctx)).toEqual(base);
  });
});
