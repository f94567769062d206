import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { EpisodeStartedEvent } from "../../env/events";
import type { MarketTerms } from "../../env/market/market-section";
import { type RunState, startRun, stepRun } from "../../env/run";
import type { SellerPolicy } from "../../env/seller-policy";
import { arenaListing, tapeFeed } from "../../markets/arena/arena-market";
import { MarketError } from "../../markets/errors";
import { actListing, type ListingAction } from "../../markets/listing/listing-market";
import type { ListingState } from "../../markets/listing/listing-state";
import { resolveSeller } from "../../sellers/registry";
import { BUILTIN_CATALOG } from "../../tasks/listings/builtin-catalog";
import { requireTask } from "../../tasks/open-run";
import { planTask } from "../../tasks/task-plan";
import { episodeView } from "./episode-view";
import { resetView } from "./reset-view";
import { stateView } from "./state-view";
import { stepView } from "./step-view";
import { storedEpisode } from "./testing/stored-episode";

/**
 * Non-interference for market tasks (marketplace_arena@4): two worlds that differ only in a
 * rival's private offers — same seed, same seller, same public tape — look byte-identical to the
 * agent through every view the boundary produces, for the whole run. Rival 1 haggles privately
 * with world-specific offers (all below the seller's floor, so they never settle); rival 2 takes
 * a unit at the same moment in both worlds, which is public.
 */
interface RivalScript {
  /** Rival 1's private offers as shares of the seller's floor (below 1: never a sale). */
  shares: number[];
  /** Virtual ms at which rival 2 accepts the ask (null: it never buys). */
  buyAt: number | null;
}

const TASK = "marketplace_arena@4";
const SEED = 4242;

function scriptedMarket(
  opening: EpisodeStartedEvent,
  terms: MarketTerms,
  seller: SellerPolicy,
  s: RivalScript,
) {
  const roster = { ...terms, rivals: terms.rivals.slice(0, 1).concat(terms.rivals.slice(0, 1)) };
  const m = arenaListing(opening, roster);
  type Move = { at: number; agent: string; action: ListingAction };
  const engage: ListingAction = { type: "engage" };
  const moves: Move[] = [
    { at: 100, agent: "rival-1", action: engage },
    { at: 200, agent: "rival-2", action: engage },
    ...s.shares.map(
      (share, i): Move => ({
        at: 300 + 700 * i,
        agent: "rival-1",
        action: {
          type: "offer" as const,
          price: Math.max(0.01, Math.round(share * opening.reservation * 100) / 100),
        },
      }),
    ),
    ...(s.buyAt === null
      ? []
      : [{ at: s.buyAt, agent: "rival-2", action: { type: "accept" } } satisfies Move]),
  ].sort((a, b) => a.at - b.at || a.agent.localeCompare(b.agent));
  for (const mv of moves) {
    try {
      actListing(m, { agent: mv.agent, action: mv.action }, mv.at, seller);
    } catch (err) {
      // A rival whose thread the seller walked out of has nothing left to say.
      if (!(err instanceof MarketError)) throw err;
    }
  }
  return m;
}

/** A feed that leaks: one phantom sale per private thread step of rival 1 (the check must catch it). */
type Feed = (m: ListingState, terms: MarketTerms) => ReturnType<typeof tapeFeed>;
const leaky: Feed = (m, terms) => {
  const steps = m.events.filter((e) => e.type === "thread_step").length;
  const feed = tapeFeed(m, terms);
  return {
    at: (round) => {
      const now = feed.at(round);
      return { ...now, sales: [...now.sales, { round: 1, price: steps }] };
    },
  };
};

function world(
  script: RivalScript,
  feedOf: Feed = tapeFeed,
): { run: RunState; market: () => ListingState | null } {
  const task = requireTask(TASK);
  const seller = resolveSeller(task.seller);
  let market: ListingState | null = null;
  const plan = planTask(task, { seller, listings: BUILTIN_CATALOG });
  plan.marketFeed = (opening) => {
    const terms = opening.spec.market as MarketTerms;
    market = scriptedMarket(opening, terms, seller, script);
    return feedOf(market, terms);
  };
  const run = startRun(plan, {
    seed: SEED,
    episodeId: "arena-ni",
    rewardMode: "shaped",
    enableTells: true,
    historyWindow: 6,
  });
  return { run, market: () => market };
}

/** Everything the agent reads over a run that offers `offers` in turn. */
function transcript(script: RivalScript, offers: number[], feedOf: Feed = tapeFeed): string[] {
  const { run } = world(script, feedOf);
  const seen = [JSON.stringify(resetView("s", run, "test", []))];
  const views = () => [
    JSON.stringify(stateView(run)),
    JSON.stringify(
      episodeView(storedEpisode(run.episode), { runLive: !run.episode.done, sessionEnded: false }),
    ),
  ];
  seen.push(...views());
  for (const share of offers) {
    const r = stepRun(run, {
      type: "offer",
      price: Math.round(share * run.episode.anchor * 100) / 100,
      message: "",
    });
    seen.push(JSON.stringify(stepView("s", run.episode.spec.episode_id, r)), ...views());
    if (r.done) break;
  }
  return seen;
}

const shares = fc.array(fc.double({ min: 0.05, max: 0.95, noNaN: true }), { minLength: 1, maxLength: 10 });
const agentOffers = fc.array(fc.double({ min: 0.3, max: 0.6, noNaN: true }), { minLength: 1, maxLength: 12 });
const buyAt = fc.option(fc.integer({ min: 300, max: 9_000 }), { nil: null });

describe("the information boundary of market tasks", () => {
  it("shows the agent byte-identical views in worlds that differ only in a rival's private offers", () => {
    fc.assert(
      fc.property(shares, shares, buyAt, agentOffers, (a, b, at, offers) => {
        expect(transcript({ shares: a, buyAt: at }, offers)).toEqual(
          transcript({ shares: b, buyAt: at }, offers),
        );
      }),
      { numRuns: 60 },
    );
  });

  it("is not vacuous: the worlds' markets differ privately, and a public sale does change the views", () => {
    const a = world({ shares: [0.2, 0.3], buyAt: 1_500 });
    const b = world({ shares: [0.6, 0.7], buyAt: 1_500 });
    const offers = [0.45, 0.5];
    for (const w of [a, b])
      for (const s of offers) stepRun(w.run, { type: "offer", price: s * w.run.episode.anchor });
    expect(JSON.stringify(a.market()?.events)).not.toBe(JSON.stringify(b.market()?.events));
    expect(a.run.episode.market?.sales.length).toBe(1);
    expect(transcript({ shares: [0.2], buyAt: 1_500 }, offers)).not.toEqual(
      transcript({ shares: [0.2], buyAt: null }, offers),
    );
    // An injected leak of rival 1's private activity is caught.
    expect(transcript({ shares: [0.8], buyAt: null }, offers, leaky)).not.toEqual(
      transcript({ shares: [0.8, 0.85, 0.9], buyAt: null }, offers, leaky),
    );
  });
});
