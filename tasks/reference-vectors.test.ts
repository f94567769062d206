import { describe, expect, it } from "vitest";
import type { Action } from "../env/action";
import { type RunState, type StepResult, scoreRun, stepRun } from "../env/run";
import { fixedRngSource } from "../env/testing/scripted-rng";
import { openRun } from "./open-run";

// REFERENCE §16.2–16.3. Where a decision (D-number) changed the original's value, the comment says which.
const offer = (price: number): Action => ({ type: "offer", price });
const stub = fixedRngSource(0.99); // uniform → 0.99, Gaussian → 0: no bluff, BATNA, pull-back or time-accept

function play(task: string, actions: Action[], rng = stub): { run: RunState; steps: StepResult[] } {
  const run = openRun(task, { seed: 7, episodeId: "ep", rng });
  const steps: StepResult[] = [];
  for (const a of actions) {
    steps.push(stepRun(run, a));
    if (steps[steps.length - 1]!.done || steps[steps.length - 1]!.info.episode_done) break;
  }
  return { run, steps };
}

// A career step that ends an episode shows the next opener; the finished episode's view is in info.
const seen = (s: StepResult) => s.info.terminal_observation ?? s.observation;
const counters = (steps: StepResult[]) =>
  steps
    .map(seen)
    .filter((o) => o.deal_outcome === null || o.deal_outcome === "expired")
    .map((o) => o.opponent_last_offer);

describe("reference vectors", () => {
  it("V1: single_deal reset", () => {
    const run = openRun("single_deal", { seed: 1, episodeId: "ep" });
    const e = run.episode;
    expect([e.anchor, e.reservation, e.maxRounds]).toEqual([60, 31.5, 8]);
    expect(e.memory.rate).toBeCloseTo(0.1, 10);
    expect(e.last.sellerMessage).toContain("handwoven silk scarf");
    expect(e.last.sellerMessage).toContain("₹60");
  });

  it("V2: initial parameters per task (D3: read_the_tells gets 10 rounds)", () => {
    const cases: [string, number, number, number, number][] = [
      ["deceptive_seller", 69, 31.5, 0.063, 10],
      ["impatient_seller", 60, 31.5, 0.15, 6],
      ["collaborative_seller", 54, 30.6, 0.1625, 8],
      ["read_the_tells", 75.9, 31.5, 0.0525, 10],
      ["marketplace_arena", 60, 31.5, 0.075, 12],
      ["asymmetric_pressure", 60, 31.5, 0.09, 8],
      ["career_10", 60, 31.5, 0.105, 8],
    ];
    for (const [task, anchor, reservation, rate, rounds] of cases) {
      const e = openRun(task, { seed: 1, episodeId: "ep" }).episode;
      expect([task, e.anchor, e.reservation, e.maxRounds]).toEqual([task, anchor, reservation, rounds]);
      expect(e.memory.rate as number).toBeCloseTo(rate, 10);
    }
  });

  it("V3 (D2: penalties counted once): bid 29 every round expires at round 8", () => {
    const { steps } = play("single_deal", Array(8).fill(offer(29)));
    expect(counters(steps)).toEqual([54, 48, 42, 36, 31.5, 31.5, 31.5, 31.5]);
    const rewards = steps.map((s) => s.reward);
    const expected = [0, 0.005, 0.005, -0.095, -0.0963, -0.1, -0.1, -0.25];
    for (const [i, r] of rewards.entries()) expect(r).toBeCloseTo(expected[i]!, 3);
    expect(steps[7]!.done).toBe(true);
    expect(steps[7]!.truncated).toBe(true);
    expect(steps[7]!.terminated).toBe(false);
    expect(steps[7]!.observation.deal_outcome).toBe("expired");
    expect(steps[7]!.info.reward_components.expired_penalty).toBe(-0.15);
    expect(steps[3]!.info.reward_components.stalling_penalty).toBe(-0.1);
  });

  it("V3b: bid 20 every round floors at the reservation", () => {
    const { steps } = play("single_deal", Array(5).fill(offer(20)));
    expect(counters(steps)).toEqual([54, 48, 42, 36, 31.5]);
  });

  it("V4: single_deal bids 30, 35, 40, 45 close at 45 in round 4", () => {
    const { run, steps } = play("single_deal", [offer(30), offer(35), offer(40), offer(45)]);
    expect(counters(steps.slice(0, 3))).toEqual([54, 48, 42]);
    expect(steps.map((s) => s.reward)).toEqual([0, 0.0092, 0.0092, 0.2757]);
    const last = steps[3]!;
    expect(last.observation.deal_outcome).toBe("deal");
    expect(last.observation.agreed_price).toBe(45);
    expect(last.observation.opponent_last_offer).toBe(42);
    expect(last.terminated).toBe(true);
    expect(scoreRun(run).score).toBe(0.7857);
  });

  it("V5: asymmetric_pressure bids 30..45", () => {
    const { run, steps } = play("asymmetric_pressure", [offer(30), offer(35), offer(40), offer(45)]);
    expect(counters(steps.slice(0, 3))).toEqual([54.6, 49.2, 43.8]);
    expect(steps[1]!.reward).toBe(0.0087);
    expect(steps[3]!.reward).toBe(0.2757);
    expect(scoreRun(run).score).toBe(0.7857);
  });

  it("V6: career_10 episode 1, bids 30..45", () => {
    const { run, steps } = play("career_10", [offer(30), offer(35), offer(40), offer(45)]);
    expect(counters(steps.slice(0, 3))).toEqual([53.7, 47.4, 41.1]);
    expect(steps[1]!.reward).toBe(0.0094);
    expect(steps[3]!.reward).toBe(0.2757);
    expect(steps[3]!.done).toBe(false); // career auto-advances (D18)
    expect(steps[3]!.info.episode_done).toBe(true);
    expect(steps[3]!.info.terminal_observation?.agreed_price).toBe(45);
    expect(steps[3]!.observation.episode_number).toBe(2);
    expect(steps[3]!.observation.item_name).toBe("brass table lamp");
    expect(scoreRun(run).score).toBe(0.6679);
  });

  it("V7: impatient_seller bids 30, 35, 40", () => {
    const { steps } = play("impatient_seller", [offer(30), offer(35), offer(40)]);
    expect(counters(steps.slice(0, 2))).toEqual([46.92, 35.28]);
    expect(steps.map((s) => s.reward)).toEqual([0, 0.0139, 0.3008]);
  });

  it("V8: collaborative_seller bids 30, 35, 40", () => {
    const { steps } = play("collaborative_seller", [offer(30), offer(35), offer(40)]);
    expect(counters(steps.slice(0, 2))).toEqual([45.23, 37.25]);
    expect(steps.map((s) => s.reward)).toEqual([0, 0.012, 0.3984]);
  });

  it("V9 (D7): marketplace_arena deal at the bid, the observation keeps the last quoted counter", () => {
    const { steps } = play("marketplace_arena", [offer(30), offer(35), offer(40), offer(45)]);
    expect(counters(steps.slice(0, 3))).toEqual([55.5, 51, 46.5]);
    const last = steps[3]!;
    expect(last.observation.agreed_price).toBe(45);
    expect(last.observation.opponent_last_offer).toBe(46.5);
    expect(last.reward).toBe(0.394);
  });

  it("V10: walk at round 1", () => {
    const { steps } = play("single_deal", [{ type: "walk" }]);
    expect(steps[0]!.reward).toBe(-0.3);
    expect(steps[0]!.info.reward_components).toEqual({ walk_penalty: -0.3 });
    expect(steps[0]!.observation.deal_outcome).toBe("walk");
  });

  it("V11 (D2): offer −5 is clamped to 0 and penalised once", () => {
    const { steps } = play("single_deal", [offer(-5)]);
    expect(steps[0]!.observation.own_last_offer).toBe(0);
    expect(steps[0]!.observation.opponent_last_offer).toBe(54);
    expect(steps[0]!.reward).toBe(-0.2);
    expect(steps[0]!.info.reward_components).toEqual({ out_of_range_penalty: -0.2 });
    expect(steps[0]!.info.violations).toEqual(["price_out_of_range"]);
  });

  it("V12: offer 30 then 500 (clamped to budget) is accepted at 100", () => {
    const { steps } = play("single_deal", [offer(30), offer(500)]);
    const last = steps[1]!;
    expect(last.observation.agreed_price).toBe(100);
    expect(last.reward).toBe(0);
    expect(last.info.reward_components).toEqual({
      out_of_range_penalty: -0.2,
      surplus: 0,
      time_discount: 0.5709,
      terminal_reward: 0,
    });
  });

  it("V13: offer 30, then accept the counter", () => {
    const { run, steps } = play("single_deal", [offer(30), { type: "accept" }]);
    expect(steps[1]!.observation.agreed_price).toBe(54);
    expect(steps[1]!.reward).toBe(0.3752);
    expect(run.records[0]!.buyer_capitulated).toBe(true);
  });

  it("V14 (D6): accepting the opening ask is a deal at 60", () => {
    const { run, steps } = play("single_deal", [{ type: "accept" }]);
    expect(steps[0]!.done).toBe(true);
    expect(steps[0]!.observation.agreed_price).toBe(60);
    expect(steps[0]!.reward).toBe(0.3792);
    expect(run.records[0]!.buyer_capitulated).toBe(true);
  });

  it("V15 (D8): the collaborative seller never sells below cost; it holds its floor", () => {
    const { run, steps } = play("collaborative_seller", [
      offer(29),
      offer(29.1),
      offer(29),
      offer(29.1),
      offer(29),
    ]);
    expect(counters(steps.slice(0, 3))).toEqual([45.23, 37.25, 30.6]);
    expect(steps[3]!.observation.deal_outcome).toBeNull();
    expect(steps[3]!.observation.opponent_last_offer).toBe(30.6);
    expect(run.records).toEqual([]);
  });

  it("§16.3 deceptive_seller with stubbed draws, bid 30 each round", () => {
    const { steps } = play("deceptive_seller", Array(10).fill(offer(30)));
    expect(counters(steps)).toEqual([64.65, 60.31, 55.96, 51.61, 47.27, 42.92, 38.57, 34.22, 31.5, 31.5]);
    expect(steps[9]!.observation.deal_outcome).toBe("expired");
  });

  it("§16.3 read_the_tells with stubbed draws (D3: 10 rounds, not 2)", () => {
    const { steps } = play("read_the_tells", Array(10).fill(offer(30)));
    expect(counters(steps)).toEqual([71.92, 67.93, 63.95, 59.96, 55.98, 51.99, 48.01, 44.02, 40.04, 36.05]);
  });

  it("a bluff in round 1 drops the deceptive counter by 8 %", () => {
    const { steps } = play("deceptive_seller", [offer(30)], fixedRngSource(0.1));
    expect(steps[0]!.observation.opponent_last_offer).toBe(59.48);
  });
});

describe("reward modes", () => {
  it("terminal mode pays 0 until the end, then the task score", () => {
    const run = openRun("single_deal", { seed: 7, episodeId: "ep", rng: stub, rewardMode: "terminal" });
    const rewards = [30, 35, 40, 45].map((p) => stepRun(run, offer(p)).reward);
    expect(rewards).toEqual([0, 0, 0, 0.7857]);
  });

  it("terminal mode scores a walk as 0, shaped mode as −0.3", () => {
    const t = openRun("single_deal", { seed: 7, episodeId: "ep", rewardMode: "terminal" });
    expect(stepRun(t, { type: "walk" }).reward).toBe(0);
    const s = openRun("single_deal", { seed: 7, episodeId: "ep" });
    expect(stepRun(s, { type: "walk" }).reward).toBe(-0.3);
  });
});
