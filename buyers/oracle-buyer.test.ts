import { describe, expect, it } from "vitest";
import { actionJson, type BuyerPolicy } from "./buyer-policy";
import { oracleBuyer } from "./oracle-buyer";
import { openingObservation } from "./testing/opening-observation";

const fixed = (id: string, price: number): BuyerPolicy => ({
  id,
  promptHash: null,
  act: async () => {
    const action = { type: "offer" as const, price, message: id };
    return { action, parseError: false, rawText: actionJson(action) };
  },
});

describe("oracle buyer", () => {
  it("plays, per seed, the candidate that scores best on that seed's model", async () => {
    const a = fixed("a", 10);
    const b = fixed("b", 20);
    const simulated: string[] = [];
    const oracle = oracleBuyer({
      candidates: () => [a, b],
      simulate: async (buyer, seed) => {
        simulated.push(`${buyer.id}:${seed}`);
        return [(buyer.id === "a") === (seed % 2 === 0) ? 0.9 : 0.1];
      },
    });
    const obs = openingObservation("single_deal@2");
    expect((await oracle.act(obs, { seed: 2, episode: 1, step: 0 })).action.price).toBe(10);
    expect((await oracle.act(obs, { seed: 2, episode: 1, step: 1 })).action.price).toBe(10);
    expect((await oracle.act(obs, { seed: 3, episode: 1, step: 0 })).action.price).toBe(20);
    // One plan per seed: later steps reuse the choice without simulating again.
    expect(simulated).toEqual(["a:2", "b:2", "a:3", "b:3"]);
  });

  it("in a career, picks the best candidate episode by episode", async () => {
    const oracle = oracleBuyer({
      candidates: () => [fixed("a", 10), fixed("b", 20)],
      simulate: async (buyer) => (buyer.id === "a" ? [0.9, 0.2, 0.5] : [0.1, 0.8, 0.5]),
    });
    const at = (episode: number, step: number) =>
      oracle.act(openingObservation("single_deal@2", { episode_number: episode }), {
        seed: 1,
        episode,
        step,
      });
    expect((await at(1, 0)).action.price).toBe(10);
    expect((await at(2, 5)).action.price).toBe(20);
    // A tie keeps the first candidate.
    expect((await at(3, 9)).action.price).toBe(10);
  });
});
