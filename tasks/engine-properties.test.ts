import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Action } from "../env/action";
import { replayEvents } from "../env/episode-state";
import { leaksHidden } from "../env/reservation-leak";
import { runComplete, stepRun } from "../env/run";
import { openRun } from "./open-run";
import { TASK_IDS } from "./task-catalog";

// Buyer moves that include every kind of bad input the engine must absorb.
const price = fc.oneof(
  fc.double({ min: 0, max: 1, noNaN: true }).map((x) => x * 120), // mostly sensible, relative to budget below
  fc.constantFrom(-5, 0, 1e9, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY),
);
const action: fc.Arbitrary<{ kind: "offer" | "accept" | "walk" | "missing"; share: number }> = fc.record({
  kind: fc.constantFrom("offer", "offer", "offer", "offer", "offer", "accept", "walk", "missing"),
  share: price,
});

function toAction(a: { kind: string; share: number }, budget: number): Action {
  if (a.kind === "accept") return { type: "accept" };
  if (a.kind === "walk") return { type: "walk" };
  if (a.kind === "missing") return { type: "offer" };
  return {
    type: "offer",
    price: Number.isFinite(a.share) && a.share >= 0 && a.share <= 120 ? (a.share / 100) * budget : a.share,
  };
}

describe("engine invariants under random play", () => {
  it("sellers obey the hard rules, episodes end in time, logs replay", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...TASK_IDS),
        fc.integer({ min: 0, max: 2 ** 40 }),
        fc.array(action, { minLength: 1, maxLength: 140 }),
        (task, seed, moves) => {
          const run = openRun(task, { seed, episodeId: "prop" });
          let i = 0;
          while (!runComplete(run) && i < moves.length) {
            const r = stepRun(run, toAction(moves[i++]!, run.episode.spec.buyer_budget));
            expect(r.done).toBe(r.terminated || r.truncated);
            if (r.done) break;
          }
          for (const e of [...run.finished, run.episode]) {
            const res = e.reservation;
            // Nothing hidden is said, except as the price the turn itself publicly quotes.
            const hidden = [res, e.spec.seller_cost];
            expect(e.stepCount).toBeLessThanOrEqual(e.maxRounds);
            let last = e.anchor;
            for (const ev of e.events) {
              if (ev.type === "episode_started")
                expect(leaksHidden(ev.message, hidden, ev.anchor)).toBe(false);
              if (ev.type !== "seller_replied") continue;
              expect(leaksHidden(ev.message, hidden, ev.price)).toBe(false);
              if (ev.action === "accept") expect(ev.price!).toBeGreaterThanOrEqual(res);
              if (ev.action === "counter") {
                expect(ev.price!).toBeGreaterThanOrEqual(res);
                expect(ev.price!).toBeLessThanOrEqual(last);
                last = ev.price!;
              }
              // Rule sellers never need correcting: the guard is a backstop, not a crutch.
              expect(ev.guard.filter((g) => !g.rule.endsWith("_in_text"))).toEqual([]);
            }
            if (e.record?.outcome === "deal") {
              expect(e.record.normalized_surplus_raw).toBeGreaterThanOrEqual(0);
              expect(e.record.normalized_surplus_raw).toBeLessThanOrEqual(1);
              expect(e.record.agreed_price!).toBeGreaterThanOrEqual(e.spec.seller_cost);
            }
            const rebuilt = replayEvents(JSON.parse(JSON.stringify(e.events)), run.plan.gradeEpisode);
            expect(JSON.stringify(rebuilt)).toBe(JSON.stringify(e));
          }
        },
      ),
      { numRuns: 400 },
    );
  });
});
