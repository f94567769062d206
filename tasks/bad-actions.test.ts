import { describe, expect, it } from "vitest";
import type { Action } from "../env/action";
import { EngineError } from "../env/episode-step";
import { stepRun } from "../env/run";
import { openRun } from "./open-run";

const fresh = () => openRun("single_deal", { seed: 3, episodeId: "bad" });

describe("bad buyer actions have defined outcomes", () => {
  it.each([
    ["NaN", Number.NaN, ["price_not_finite"], 50, { invalid_price_penalty: -0.2 }],
    ["a string", "50" as unknown as number, ["price_not_finite"], 50, { invalid_price_penalty: -0.2 }],
    ["+Infinity", Number.POSITIVE_INFINITY, ["price_out_of_range"], 100, { out_of_range_penalty: -0.2 }],
    ["−Infinity", Number.NEGATIVE_INFINITY, ["price_out_of_range"], 0, { out_of_range_penalty: -0.2 }],
    ["negative", -10, ["price_out_of_range"], 0, { out_of_range_penalty: -0.2 }],
    ["missing", undefined, ["price_missing"], 50, { invalid_price_penalty: -0.2 }],
  ])("an offer with a %s price is a violation with a penalty", (_label, price, violations, used, penalty) => {
    const run = fresh();
    const r = stepRun(run, { type: "offer", price } as Action);
    expect(r.info.violations).toEqual(violations);
    const logged = run.episode.events.find((e) => e.type === "buyer_acted");
    expect(logged?.type === "buyer_acted" && logged.price).toBe(used);
    for (const [k, v] of Object.entries(penalty)) expect(r.info.reward_components[k]).toBe(v);
    // The log stays valid JSON: non-finite inputs are never stored as numbers.
    expect(() => JSON.parse(JSON.stringify(run.episode.events))).not.toThrow();
  });

  it("accepting before any counter closes at the opening ask (D6)", () => {
    const r = stepRun(fresh(), { type: "accept" });
    expect(r.done).toBe(true);
    expect(r.observation.agreed_price).toBe(60);
  });

  it("a step after the episode ended is a typed error and changes nothing", () => {
    const run = fresh();
    stepRun(run, { type: "walk" });
    const before = JSON.stringify(run);
    expect(() => stepRun(run, { type: "offer", price: 40 })).toThrow(EngineError);
    try {
      stepRun(run, { type: "offer", price: 40 });
    } catch (e) {
      expect((e as EngineError).code).toBe("EPISODE_DONE");
    }
    expect(JSON.stringify(run)).toBe(before);
  });

  it("an unknown action type is a typed error and changes nothing", () => {
    const run = fresh();
    const before = JSON.stringify(run);
    expect(() => stepRun(run, { type: "haggle" } as unknown as Action)).toThrow(/offer, accept, walk/);
    expect(JSON.stringify(run)).toBe(before);
  });

  it("repeating the same offer is penalised from the fourth near-identical bid", () => {
    const run = fresh();
    const penalties = [29, 29.2, 29.4, 29.1, 29.3].map(
      (p) => stepRun(run, { type: "offer", price: p }).info.reward_components.stalling_penalty,
    );
    expect(penalties).toEqual([undefined, undefined, undefined, -0.1, -0.1]);
  });
});
