import { describe, expect, it } from "vitest";
import type { Observation } from "../src/wire/env-types";
import type { MatchStep } from "./api";
import { frameNote, watchFrames } from "./watch-model";

const obs = (over: Partial<Observation>): Observation =>
  ({
    current_round: 0,
    max_rounds: 5,
    own_private_budget: 100,
    item_name: "brass lamp",
    episode_number: 1,
    deal_outcome: null,
    agreed_price: null,
    tells: null,
    dialogue: [],
    ...over,
  }) as Observation;

const turn = (round: number, speaker: "buyer" | "seller", price: number) => ({
  round,
  speaker,
  action: round === 0 ? ("open" as const) : speaker === "buyer" ? ("offer" as const) : ("counter" as const),
  price,
  message: `${speaker} ${round}`,
});

const step = (idx: number, o: Observation, over: Partial<MatchStep> = {}): MatchStep => ({
  idx,
  episode: o.episode_number,
  episode_id: "ep",
  buyer_action: "offer",
  buyer_price: 1,
  buyer_message: "",
  fallback: false,
  error: null,
  reward: 0,
  observation: o,
  ...over,
});

describe("watchFrames", () => {
  it("rebuilds the whole conversation from the observations' windows, in round order", () => {
    const opening = obs({ dialogue: [turn(0, "seller", 80)] });
    // A window of 2 turns: each observation alone has lost the opening by round 2.
    const o1 = obs({ current_round: 1, dialogue: [turn(1, "buyer", 40), turn(1, "seller", 70)] });
    const o2 = obs({
      current_round: 2,
      dialogue: [turn(2, "buyer", 50), turn(2, "seller", 60)],
      deal_outcome: "deal",
      agreed_price: 60,
    });
    const frames = watchFrames(opening, [step(0, o1), step(1, o2)]);
    expect(frames).toHaveLength(3);
    expect(frames[2]?.dialogue.map((t) => `${t.round}${t.speaker[0]}`)).toEqual([
      "0s",
      "1b",
      "1s",
      "2b",
      "2s",
    ]);
    expect(frames[2]).toMatchObject({ over: true, deal: { round: 2, price: 60 }, outcome: "deal" });
    expect(frames[1]?.over).toBe(false);
  });

  it("starts a fresh conversation when a career moves to its next episode", () => {
    const opening = obs({ dialogue: [turn(0, "seller", 80)] });
    const end1 = obs({
      current_round: 1,
      dialogue: [turn(1, "buyer", 80)],
      deal_outcome: "deal",
      agreed_price: 80,
    });
    const ep2 = obs({
      episode_number: 2,
      current_round: 1,
      dialogue: [turn(0, "seller", 90), turn(1, "buyer", 45)],
    });
    const frames = watchFrames(opening, [step(0, end1), step(1, ep2)]);
    expect(frames[2]?.episode).toBe(2);
    expect(frames[2]?.dialogue.map((t) => t.price)).toEqual([90, 45]);
  });
});

describe("frameNote", () => {
  it("says when the fallback played and why, and how the episode ended", () => {
    const f = watchFrames(obs({}), [
      step(0, obs({ deal_outcome: "expired" }), { fallback: true, error: "no reply within 900 ms" }),
    ])[1];
    if (f === undefined) throw new Error("no frame");
    expect(frameNote(f, "ollama:x")).toBe(
      "Move 1. ollama:x's reply could not be used (no reply within 900 ms): the fallback move played. No deal: time ran out.",
    );
  });
});
