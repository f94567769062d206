import { describe, expect, it } from "vitest";
import type { EpisodeStartedEvent } from "../../env/events";
import { openRun } from "../../tasks/open-run";
import { arenaFeed, drawArena, playRivals } from "./arena-market";
import { findField } from "./rival-releases";

const FIELD = findField("arena-field@1")!;

function opening(seed: number): { ev: EpisodeStartedEvent; run: ReturnType<typeof openRun> } {
  const run = openRun("marketplace_arena@4", { seed, episodeId: `arena-${seed}` });
  return { ev: run.episode.events[0] as EpisodeStartedEvent, run };
}

describe("the arena's rival market", () => {
  it("draws the field per seed within the release's ranges, the same on every call", () => {
    const counts = new Set<number>();
    for (let seed = 1; seed <= 60; seed++) {
      const t = drawArena(FIELD, seed, 1);
      expect(t).toEqual(drawArena(FIELD, seed, 1));
      expect(t.units).toBeGreaterThanOrEqual(FIELD.units[0]);
      expect(t.units).toBeLessThanOrEqual(FIELD.units[1]);
      expect(t.rivals.length).toBeGreaterThanOrEqual(FIELD.rivals[0]);
      expect(t.rivals.length).toBeLessThanOrEqual(FIELD.rivals[1]);
      counts.add(t.rivals.length);
    }
    expect(counts.size).toBeGreaterThan(1);
  });

  it("plays every rival against the episode's own seller, never below its floor, deterministically", () => {
    let sold = 0;
    for (let seed = 1; seed <= 40; seed++) {
      const { ev, run } = opening(seed);
      const terms = ev.spec.market!;
      const a = playRivals(ev, terms, run.plan.seller);
      const b = playRivals(ev, terms, run.plan.seller);
      expect(JSON.stringify(b.events)).toBe(JSON.stringify(a.events));
      expect(a.opened.reservation).toBe(ev.reservation);
      expect(a.opened.anchor).toBe(ev.anchor);
      expect(a.status).toBe("closed");
      expect(a.deals.length).toBeLessThanOrEqual(terms.units);
      for (const d of a.deals) expect(d.price).toBeGreaterThanOrEqual(ev.reservation);
      sold += a.deals.length;
    }
    expect(sold).toBeGreaterThan(0);
  });

  it("the feed shows sales in time order, stamped with the agent's round, units counting down", () => {
    for (let seed = 1; seed <= 40; seed++) {
      const { ev, run } = opening(seed);
      const terms = ev.spec.market!;
      const feed = arenaFeed(ev, terms, run.plan.seller);
      let before = feed.at(0);
      expect(before).toEqual({ units_total: terms.units, units_left: terms.units, sales: [] });
      for (let r = 1; r <= ev.max_rounds; r++) {
        const now = feed.at(r);
        expect(now.sales.slice(0, before.sales.length)).toEqual(before.sales);
        expect(now.units_left).toBe(terms.units - now.sales.length);
        for (const s of now.sales) expect(s.round).toBeLessThanOrEqual(r);
        before = now;
      }
    }
  });
});
