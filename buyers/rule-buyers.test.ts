import { describe, expect, it } from "vitest";
import { buyerFromSpec, CODE_BUYER_SPECS, UnknownBuyerError } from "./buyer-registry";
import { expectedValueBuyer } from "./expected-value-buyer";
import { ruleBuyer } from "./rule-buyers";
import { openingObservation } from "./testing/opening-observation";
import { concession, timeBuyer } from "./time-based-buyers";

const ctx = { seed: 3, episode: 1, step: 0 };
const opening = openingObservation(); // ask 60, budget 100, 8 rounds

describe("rule buyers (REFERENCE §8.5, D20)", () => {
  it("naive offers 80 % of the ask, then 85 % of the CURRENT ask, never retreating", async () => {
    const naive = ruleBuyer("naive");
    expect((await naive.act(opening, ctx)).action).toMatchObject({ type: "offer", price: 48 });
    const r1 = { ...opening, current_round: 1, opponent_last_offer: 58, own_last_offer: 48 };
    expect((await naive.act(r1, ctx)).action).toMatchObject({ type: "offer", price: 49.3 });
    // 0.85 × 54 = 45.9 would retreat below 48: the guard holds 48.
    const r1b = { ...r1, opponent_last_offer: 54 };
    expect((await naive.act(r1b, ctx)).action).toMatchObject({ type: "offer", price: 48 });
    // The legacy variant keeps the opening ask and no guard.
    expect((await ruleBuyer("naive", { legacy: true }).act(r1b, ctx)).action).toMatchObject({ price: 51 });
  });

  it("smart opens at 40 % of the ask and accepts once the ask is under 55 % of budget", async () => {
    const smart = ruleBuyer("smart");
    expect((await smart.act(opening, ctx)).action).toMatchObject({ type: "offer", price: 24 });
    const cheap = { ...opening, current_round: 3, opponent_last_offer: 50, own_last_offer: 35 };
    expect((await smart.act(cheap, ctx)).action.type).toBe("accept");
  });

  it("aggressive walks on the last round when the ask is still far above its target", async () => {
    const last = {
      ...opening,
      current_round: 7,
      rounds_remaining: 1,
      opponent_last_offer: 45,
      own_last_offer: 35,
    };
    expect((await ruleBuyer("aggressive").act(last, ctx)).action.type).toBe("walk");
  });

  it("every move says something and offers name their price", async () => {
    for (const spec of CODE_BUYER_SPECS) {
      const a = (await buyerFromSpec(spec).act(opening, ctx)).action;
      expect(a.message, spec).not.toBe("");
      if (a.type === "offer") expect(a.message, spec).toMatch(/₹\d/);
    }
  });

  it("the stochastic sft buyer is a pure function of (seed, episode, round)", async () => {
    const sft = ruleBuyer("sft");
    const a = await sft.act(opening, ctx);
    expect(await sft.act(opening, ctx)).toEqual(a);
    const prices = new Set<number | null | undefined>();
    for (let seed = 1; seed <= 8; seed++) prices.add((await sft.act(opening, { ...ctx, seed })).action.price);
    expect(prices.size).toBeGreaterThan(1);
  });

  it("unknown specs name the accepted ones; model specs need a model factory", () => {
    expect(() => buyerFromSpec("rule:clever")).toThrow(UnknownBuyerError);
    expect(() => buyerFromSpec("ollama:llama3.2:3b")).toThrow(/ollama:<tag>/);
  });
});

describe("time-based buyers (GENIUS f(t) = k + (1 − k)·t^(1/e))", () => {
  it("Boulware concedes late, Conceder early, Linear in between", () => {
    expect(concession(0.5, { e: 0.2, k: 0 })).toBeCloseTo(0.03125, 6);
    expect(concession(0.5, { e: 1, k: 0 })).toBe(0.5);
    expect(concession(0.5, { e: 2, k: 0 })).toBeCloseTo(Math.SQRT1_2, 6);
    expect(concession(1, { e: 0.2, k: 0.1 })).toBe(1);
  });

  it("opens at 40 % of the ask and accepts when the ask falls to its bid", async () => {
    expect((await timeBuyer("linear").act(opening, ctx)).action).toMatchObject({ type: "offer", price: 24 });
    const end = {
      ...opening,
      current_round: 7,
      rounds_remaining: 1,
      opponent_last_offer: 40,
      own_last_offer: 35,
    };
    expect((await timeBuyer("boulware").act(end, ctx)).action.type).toBe("accept");
  });
});

describe("expected-value buyer", () => {
  it("declines to engage, saying why, when its floor model leaves no surplus", async () => {
    const poor = { ...opening, own_private_budget: 20 };
    const a = (await expectedValueBuyer().act(poor, ctx)).action;
    expect(a.type).toBe("walk");
    expect(a.message).toMatch(/₹60/);
    expect(a.message).toMatch(/laagat/);
  });

  it("bids below the ask when a surplus is expected", async () => {
    const a = (await expectedValueBuyer().act(opening, ctx)).action;
    expect(a.type).toBe("offer");
    expect(a.price as number).toBeLessThan(60);
  });
});
