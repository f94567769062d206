import { describe, expect, it } from "vitest";
import { observe } from "../../env/observe";
import { publicState } from "../../env/public-state";
import { runComplete, scoreRun, stepRun } from "../../env/run";
import { openRun, UnknownTaskError } from "../open-run";
import { TASKS } from "../task-catalog";
import { findTaskRef, parseTaskRef, V2_TASK_KEYS } from "../task-ref";

const MAX_SEED = Number.MAX_SAFE_INTEGER;

describe("task versions", () => {
  it("reads id@version; a bare id and id@1 both name the frozen v1 task", () => {
    expect(parseTaskRef("single_deal@2")).toEqual({ id: "single_deal", version: "2" });
    expect(parseTaskRef("single_deal")).toEqual({ id: "single_deal", version: "1" });
    expect(findTaskRef("single_deal")).toBe(TASKS[0]);
    expect(findTaskRef("single_deal@1")).toBe(TASKS[0]);
    expect(findTaskRef("single_deal@2")?.version).toBe("2");
    expect(V2_TASK_KEYS).toHaveLength(9);
  });

  it("rejects unknown ids and versions, listing every task that exists", () => {
    for (const bad of ["single_deal@4", "single_deal@", "nope@2"]) {
      expect(() => openRun(bad, { seed: 1, episodeId: "x" })).toThrow(UnknownTaskError);
      try {
        openRun(bad, { seed: 1, episodeId: "x" });
      } catch (err) {
        expect((err as Error).message).toContain("single_deal@2");
        expect((err as Error).message).toContain("amazon_realistic");
      }
    }
  });
});

describe("v2 episodes", () => {
  it("draw their economics and seller type per seed, the same on every replay of a seed", () => {
    const specs = [1, 2, 3].map((seed) => openRun("single_deal@2", { seed, episodeId: "e" }).episode.spec);
    const budgets = new Set(specs.map((s) => s.buyer_budget));
    const margins = new Set(specs.map((s) => s.seller_type?.margin));
    expect(budgets.size).toBe(3);
    expect(margins.size).toBe(3);
    const again = openRun("single_deal@2", { seed: 2, episodeId: "e" }).episode.spec;
    expect(again).toEqual(specs[1]);
  });

  it("keep one seller type across a career while each episode draws its own economics", () => {
    const run = openRun("read_the_tells@2", { seed: 9, episodeId: "c" });
    const first = run.episode.spec;
    while (run.episode.spec.episode === 1) stepRun(run, { type: "walk" });
    expect(run.episode.spec.seller_type).toEqual(first.seller_type);
    expect(run.episode.spec.seller_cost).not.toBe(first.seller_cost);
  });

  it("work at seed 0 and seed 2^53 − 1 on every v2 task", () => {
    for (const key of V2_TASK_KEYS) {
      for (const seed of [0, MAX_SEED]) {
        const run = openRun(key, { seed, episodeId: "edge" });
        let guard = 0;
        while (!runComplete(run) && guard++ < 200) if (stepRun(run, { type: "accept" }).done) break;
        const score = scoreRun(run).score;
        expect(score).toBeGreaterThanOrEqual(0);
        expect(score).toBeLessThanOrEqual(1);
        expect(run.episode.reservation).toBeLessThan(run.episode.spec.buyer_budget);
      }
    }
  });

  it("hide the seller type from the buyer during the episode and reveal it in the state at the end", () => {
    const run = openRun("single_deal@2", { seed: 4, episodeId: "h" });
    const type = run.episode.spec.seller_type;
    expect(type).toBeDefined();
    const live = JSON.stringify(observe(run.episode));
    expect(live).not.toContain("margin");
    expect(live).not.toContain("walk_risk");
    expect(publicState(run).hidden).toBeNull();
    stepRun(run, { type: "accept" });
    expect(publicState(run).hidden?.seller_type).toEqual(type);
  });

  it("accept a v1 seller pinned on a v2 task (per-seed economics, v1 behaviour) and a v2 seller on a v1 task", () => {
    const pinned = openRun("single_deal@2", { seed: 5, episodeId: "p", seller: "bazaar-default@1" });
    expect(pinned.episode.seller.id).toBe("bazaar-default");
    expect(pinned.episode.spec.seller_type).toBeDefined();
    // bazaar-default@1 keeps its own reservation rule: 1.05 × the drawn cost.
    expect(pinned.episode.reservation).toBeCloseTo(1.05 * pinned.episode.spec.seller_cost, 2);
    const onV1 = openRun("single_deal", { seed: 5, episodeId: "q", seller: "responsive@1" });
    expect(onV1.episode.spec.seller_type).toBeUndefined();
    expect(onV1.episode.reservation).toBe(39); // neutral type: 30 × 1.3
    expect(stepRun(onV1, { type: "offer", price: 20 }).info.seller.id).toBe("responsive");
  });

  it("give the asymmetric task a per-seed private deadline inside the horizon", () => {
    const deadlines = new Set<number | null>();
    for (let seed = 1; seed <= 12; seed++) {
      const spec = openRun("asymmetric_pressure@2", { seed, episodeId: "d" }).episode.spec;
      deadlines.add(spec.buyer_deadline);
      expect(spec.buyer_deadline).not.toBeNull();
      expect(spec.buyer_deadline as number).toBeLessThanOrEqual(spec.rounds);
    }
    expect(deadlines.size).toBeGreaterThan(1);
  });
});
