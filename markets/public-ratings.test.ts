import { describe, expect, it } from "vitest";
import { publicReportHtml } from "../eval/report/public-market-report";
import { capturesOf, publicPairs, publicRatings } from "./public-ratings";
import type { TapeEntry } from "./views";

const listing = (id: string, item: string, askRupees: number): TapeEntry => ({
  kind: "listing_opened",
  market_id: id,
  at: 0,
  seller: "responsive@2",
  item: { name: item, category: null },
  units: 2,
  ask: askRupees,
  message: "hello",
  deadline: 10,
});
const request = (id: string, requester: string, item: string, max: number): TapeEntry => ({
  kind: "request_opened",
  market_id: id,
  at: 0,
  requester,
  terms: {
    item: { name: item, kind: "service", description: "d" },
    max_price: max,
    top_n: 2,
    min_quality: 5,
    criteria: [],
    deadline: 10,
  },
});
const settled = (id: string, winner: string, price: number): TapeEntry => ({
  kind: "settled",
  market_id: id,
  at: 1,
  winner,
  price,
  fee: Math.round(price * 0.015),
});

/** b buys cheaper than a in every "pot" market, c only once; s1 charges more than s2. */
function tape(markets: number): TapeEntry[] {
  const out: TapeEntry[] = [];
  for (let i = 0; i < markets; i++) {
    out.push(listing(`l${i}`, i % 2 === 0 ? "pot" : "lamp", 100));
    out.push(settled(`l${i}`, "a", 9000), settled(`l${i}`, "b", 7000));
    if (i === 0) out.push(settled(`l${i}`, "c", 8000));
    out.push(request(`r${i}`, "req", "logo", 10_000));
    out.push(settled(`r${i}`, "s1", 9000), settled(`r${i}`, "s2", 5000));
  }
  return out;
}

describe("public ratings", () => {
  it("reads captures off the tape: discount off the ask, share of max_price, the requester's saving", () => {
    const c = capturesOf(tape(1));
    expect(c).toEqual([
      { agent: "a", role: "listing_buyer", group: "listing:pot", capture: expect.closeTo(0.1, 9) },
      { agent: "b", role: "listing_buyer", group: "listing:pot", capture: expect.closeTo(0.3, 9) },
      { agent: "c", role: "listing_buyer", group: "listing:pot", capture: expect.closeTo(0.2, 9) },
      { agent: "s1", role: "request_seller", group: "request:logo", capture: 0.9 },
      { agent: "req", role: "requester", group: "request:logo", capture: expect.closeTo(0.1, 9) },
      { agent: "s2", role: "request_seller", group: "request:logo", capture: 0.5 },
      { agent: "req", role: "requester", group: "request:logo", capture: 0.5 },
    ]);
  });

  it("compares agents of one role inside a group by mean capture; ties are no game", () => {
    const pairs = publicPairs(capturesOf(tape(1)).filter((c) => c.role === "listing_buyer"));
    expect(pairs).toEqual([
      { market_id: "listing:pot", winner: "b", loser: "a" },
      { market_id: "listing:pot", winner: "c", loser: "a" },
      { market_id: "listing:pot", winner: "b", loser: "c" },
    ]);
    const tied = capturesOf([listing("x", "pot", 100), settled("x", "a", 5000), settled("x", "b", 5000)]);
    expect(publicPairs(tied)).toEqual([]);
  });

  it("rates the better price-getter higher, with CIs around the estimate, and a Pareto frontier", () => {
    const r = publicRatings(tape(12), { seed: 3, resamples: 200 });
    const row = (agent: string) => r.rows.find((x) => x.agent === agent)!;
    expect(row("b").rating).toBeGreaterThan(row("a").rating);
    expect(row("s1").rating).toBeGreaterThan(row("s2").rating);
    for (const x of r.rows) {
      expect(x.rating_ci[0]).toBeLessThanOrEqual(x.rating + 1e-9);
      expect(x.rating_ci[1]).toBeGreaterThanOrEqual(x.rating - 1e-9);
      expect(x.capture_ci[0]).toBeLessThanOrEqual(x.mean_capture + 1e-9);
    }
    // b settles as often as a at a better price, and more often than c at a better price: both dominated.
    expect(row("b").on_frontier).toBe(true);
    expect(row("a").on_frontier).toBe(false);
    expect(row("c").on_frontier).toBe(false);
    expect(row("b").market_share).toBeCloseTo(12 / 25, 9);
    expect(r.settlements).toBe(12 * 4 + 1);
  });

  it("is a pure function of the tape: same tape and seed give the same bytes; include filters agents", () => {
    const t = tape(6);
    expect(JSON.stringify(publicRatings(t, { seed: 9, resamples: 100 }))).toBe(
      JSON.stringify(publicRatings([...t], { seed: 9, resamples: 100 })),
    );
    const only = publicRatings(t, { seed: 9, resamples: 50, include: (a) => a.startsWith("s") });
    expect(only.rows.map((x) => x.agent).sort()).toEqual(["s1", "s2"]);
  });

  it("skips a settlement whose opening is not on the tape and an empty tape rates nobody", () => {
    expect(capturesOf([settled("ghost", "a", 100)])).toEqual([]);
    expect(publicRatings([], { seed: 1 }).rows).toEqual([]);
  });
});

describe("public report", () => {
  it("draws each role's frontier and table, escaping names", () => {
    const r = publicRatings(tape(4), { seed: 1, resamples: 50 });
    const html = publicReportHtml(r.rows.map((x) => ({ ...x, name: x.agent === "a" ? "<b>a</b>" : null })));
    expect(html).toContain('data-role="listing_buyer"');
    expect(html).toContain('data-role="request_seller"');
    expect(html).toContain("Pareto front</title>");
    expect(html).toContain("share of this role&#39;s settlements");
    expect(html).toContain("&#60;b&#62;a&#60;/b&#62;");
    expect(html).not.toContain("<b>a</b>");
    expect(publicReportHtml([])).toContain("nothing to rate");
  });
});
