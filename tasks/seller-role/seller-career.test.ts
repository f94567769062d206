import { describe, expect, it } from "vitest";
import { CAREER_SMART_PARAMS, sellerSoftness } from "../../buyers/career-buyer";
import { resolveBuyer } from "../../buyers/registry";
import { observe } from "../../env/observe";
import { SellerObservation } from "../../env/seller-role/seller-observation";
import { scriptedSellerAgent } from "./scripted-seller-agent";
import { openSellerRun, sellerRunComplete, stepSellerRun } from "./seller-run";

async function career(buyer: string, seed: number) {
  const { run, result } = await openSellerRun("sell_career_5@1", {
    seed,
    episodeId: "c",
    buyer: resolveBuyer(buyer),
  });
  const steps = [result];
  let r = result;
  while (!r.done) {
    r = await stepSellerRun(run, scriptedSellerAgent(r.observation));
    steps.push(r);
  }
  return { run, steps };
}

describe("the seller-role career sell_career_5@1", () => {
  it("plays five deals in a row, auto-advancing, with the seller's own past records in its view", async () => {
    const { run, steps } = await career("career-smart@1", 4);
    expect(sellerRunComplete(run)).toBe(true);
    expect(run.records).toHaveLength(5);
    expect(run.finished.map((e) => e.spec.episode_id)).toEqual(["c", "c-2", "c-3", "c-4"]);
    for (const s of steps) {
      SellerObservation.parse(s.observation);
      const c = s.observation.career;
      expect(c?.total_episodes).toBe(5);
      expect(c?.past).toEqual(run.records.slice(0, (c?.episode_number ?? 0) - 1));
    }
    const ends = steps.filter((s) => s.info.episode_done === true);
    expect(ends).toHaveLength(4);
    for (const s of ends) {
      // The step that ends a deal says so, with that deal's record and last view, and goes on.
      expect(s.done).toBe(false);
      expect(s.info.terminal_observation?.deal_outcome).toBe(s.info.seller_result?.outcome);
      expect(s.reward).toBeCloseTo(s.info.seller_result?.reward ?? Number.NaN, 10);
    }
    // The buyer is the same release throughout, and each deal draws its own item and numbers.
    expect(new Set(steps.map((s) => s.info.buyer.hash)).size).toBe(1);
    expect(new Set(run.records.map((r) => r.ask_price)).size).toBeGreaterThan(1);
  });

  it("is deterministic: same seed and moves ⇒ byte-identical episodes; another seed differs", async () => {
    const events = async (seed: number) => {
      const { run } = await career("career-smart@1", seed);
      return JSON.stringify([...run.finished, run.episode].map((e) => e.events));
    };
    expect(await events(6)).toBe(await events(6));
    expect(await events(6)).not.toBe(await events(7));
  });

  it("remembers: the buyer reads a fast-conceding seller as soft, and it costs that seller the later deals", async () => {
    let first = 0;
    let laterMemory = 0;
    let laterPlain = 0;
    for (let seed = 1; seed <= 20; seed++) {
      const memory = await career("career-smart@1", seed);
      const plain = await career("rule-smart@1", seed);
      // Deal 1 has no past: the career buyer plays exactly as rule-smart.
      expect(memory.run.records[0]).toEqual(plain.run.records[0]);
      first += memory.run.records[0]?.score ?? 0;
      laterMemory += memory.run.records.slice(1).reduce((s, r) => s + r.score, 0);
      laterPlain += plain.run.records.slice(1).reduce((s, r) => s + r.score, 0);
      // It reads only what the engine's career record says of the seller's concessions.
      const second = memory.run.finished[1] ?? memory.run.episode;
      expect(second.spec.career?.deals).toHaveLength(1);
    }
    expect(first).toBeGreaterThan(0);
    expect(laterMemory).toBeLessThan(laterPlain);
  });

  it("softness is 0 without a past and full at the released share of the ask per counter", async () => {
    const { run } = await career("career-smart@1", 2);
    const second = run.finished[1] ?? run.episode;
    const obs = observe(second);
    expect(sellerSoftness({ ...obs, career_history: null })).toBe(0);
    const ask = obs.seller_asking_price;
    const at = (v: number) =>
      sellerSoftness({
        ...obs,
        career_history: {
          ...(obs.career_history as NonNullable<typeof obs.career_history>),
          opponent_avg_offer_velocity: v,
        },
      });
    expect(at(CAREER_SMART_PARAMS.full_softness_share * ask)).toBe(1);
    expect(at(0.5 * CAREER_SMART_PARAMS.full_softness_share * ask)).toBeCloseTo(0.5, 6);
  });
});
