import { describe, expect, it } from "vitest";
import { codeVerdict } from "../request/judge";
import { actRequest, judgeInputFor, recordVerdict } from "../request/request-market";
import type { RequestState } from "../request/request-state";
import { fixtureRequest } from "../testing/request-fixture";
import { type RequestAgentView, viewFor } from "../views";
import { writePitch } from "./pitch-writer";
import {
  alwaysFill,
  EXPLORE_SAMPLES,
  evBidder,
  expectedValue,
  PRICE_CUT_SHARE,
  priceCutter,
} from "./request-sellers";

const ctx = { seed: 1, market: 1, step: 0 };
const traits = (skill: number, costPerAttempt = 1_000) => ({ skill, costPerAttempt, speedMs: 1_000 });
const viewOf = (m: RequestState, agent: string) => viewFor(m, { role: "agent", agent }) as RequestAgentView;

/** A market where agent "a" has engaged; its terms from the fixture (max ₹500). */
function engaged(maxPrice = 50_000): RequestState {
  const m = fixtureRequest({ max_revisions: 1 }, { max_price: maxPrice });
  actRequest(m, { agent: "a", action: { type: "engage" } }, 1);
  return m;
}

describe("pitch writer", () => {
  it("addresses each criterion with the agent's skill and keeps what it covered on revision", () => {
    const m = engaged();
    const strong = codeVerdict({ ...termsOnly(m), pitch: writePitch(viewOf(m, "a"), "a", 1, ctx) });
    const weak = codeVerdict({ ...termsOnly(m), pitch: writePitch(viewOf(m, "a"), "a", 0, ctx) });
    expect(strong.score).toBe(10);
    expect(weak.score).toBe(1);
    actRequest(
      m,
      { agent: "a", action: { type: "submit", price: 100, pitch: writePitch(viewOf(m, "a"), "a", 1, ctx) } },
      2,
    );
    // With skill 0 a revision can only keep what the last attempt already promised.
    const again = writePitch(viewOf(m, "a"), "a", 0, ctx);
    expect(codeVerdict({ ...termsOnly(m), pitch: again }).score).toBe(10);
  });
});

function termsOnly(m: RequestState) {
  const t = m.opened.terms;
  return { item: t.item.name, criteria: t.criteria, min_quality: t.min_quality };
}

describe("always-fill and price-cutter", () => {
  it("quote the max price, or 70 % of it, and revise only after a failing verdict", () => {
    const m = engaged();
    const full = alwaysFill("a", traits(0));
    const cut = priceCutter("a", traits(0));
    expect(full.decide(viewOf(m, "a"), ctx)).toEqual({ engage: true });
    expect(full.work(viewOf(m, "a"), ctx)!.price).toBe(50_000);
    expect(cut.work(viewOf(m, "a"), ctx)!.price).toBe(Math.floor(50_000 * PRICE_CUT_SHARE));
    const w = full.work(viewOf(m, "a"), ctx)!;
    expect(w.cost).toBe(1_000);
    actRequest(m, { agent: "a", action: { type: "submit", price: w.price, pitch: w.pitch } }, 2);
    expect(full.work(viewOf(m, "a"), ctx)).toBeNull(); // still being judged
    const id = m.latest.get("a")!;
    recordVerdict(m, id, codeVerdict(judgeInputFor(m, id)), "code@1", 3);
    expect(full.work(viewOf(m, "a"), ctx)).not.toBeNull(); // failed, one revision left
    const again = full.work(viewOf(m, "a"), ctx)!;
    actRequest(m, { agent: "a", action: { type: "submit", price: again.price, pitch: again.pitch } }, 4);
    const id2 = m.latest.get("a")!;
    recordVerdict(m, id2, codeVerdict(judgeInputFor(m, id2)), "code@1", 5);
    expect(full.work(viewOf(m, "a"), ctx)).toBeNull(); // no revisions left
  });
});

describe("EV bidder", () => {
  it("smooths its own counts into P(qualify) × P(win | qualified) × price", () => {
    expect(expectedValue({ samples: 0, qualified: 0, won: 0 }, 1000)).toBeCloseTo(250);
    expect(expectedValue({ samples: 8, qualified: 8, won: 8 }, 1000)).toBeCloseTo(810); // 9/10 × 9/10
  });

  it("explores its first markets, then skips those whose expected value is below its cost", () => {
    const agent = evBidder("a", traits(0, 5_000));
    const cheap = engaged(5_000);
    for (let i = 0; i < EXPLORE_SAMPLES; i++) {
      expect(agent.decide(viewOf(cheap, "a"), ctx)).toEqual({ engage: true });
      // Each explored market: one unqualified attempt, no win.
      const m = engaged(5_000);
      const w = agent.work(viewOf(m, "a"), ctx)!;
      actRequest(m, { agent: "a", action: { type: "submit", price: w.price, pitch: w.pitch } }, 2);
      const id = m.latest.get("a")!;
      recordVerdict(m, id, codeVerdict(judgeInputFor(m, id)), "code@1", 3);
      agent.learn(viewOf(m, "a"));
    }
    expect(agent.memory).toEqual({ samples: EXPLORE_SAMPLES, qualified: 0, won: 0 });
    expect(agent.decide(viewOf(cheap, "a"), ctx)).toEqual({ engage: false, reason: "negative_ev" });
    // A rich enough market is still worth a try: EV = 0.2 × 0.5 × ₹5,000 = ₹500 > ₹50.
    expect(agent.decide(viewOf(engaged(500_000), "a"), ctx)).toEqual({ engage: true });
  });
});
