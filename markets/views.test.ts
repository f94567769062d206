import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MarketError } from "./errors";
import { actListing, type ListingAction, tickListing } from "./listing/listing-market";
import type { Market } from "./market";
import { PassReason } from "./participation";
import { codeVerdict } from "./request/judge";
import {
  actRequest,
  awaitingVerdict,
  judgeInputFor,
  type RequestAction,
  recordVerdict,
} from "./request/request-market";
import { FIXTURE_SELLER, fixtureListing } from "./testing/listing-fixture";
import { fixtureRequest, GOOD_PITCH, WEAK_PITCH } from "./testing/request-fixture";
import { MarketView, type TapeEntry, viewFor } from "./views";

/**
 * Non-interference: two worlds that differ only in what agent B privately does must give
 * agent A byte-identical views, until the public tape records a settlement or a close (B may
 * legitimately take the last unit or the last winning slot, and that is public). Whatever
 * happens, neither A's view nor the public view ever carries B's words.
 */
const SECRET = "zqxsecretzqx";
const settledOrClosed = (tape: readonly TapeEntry[]) =>
  tape.some((t) => t.kind !== "listing_opened" && t.kind !== "request_opened");

function attempt(f: () => unknown): string {
  try {
    f();
    return "ok";
  } catch (err) {
    if (err instanceof MarketError) return err.code;
    throw err;
  }
}

const listingMove = (tag: string) =>
  fc.oneof(
    {
      weight: 6,
      arbitrary: fc
        .integer({ min: 100, max: 1100 })
        .map((price): ListingAction => ({ type: "offer", price, message: `${tag} ${price}` })),
    },
    { weight: 1, arbitrary: fc.constant<ListingAction>({ type: "accept", message: tag }) },
    { weight: 1, arbitrary: fc.constant<ListingAction>({ type: "walk", message: tag }) },
  );
// B may also stay silent: a world where B never shows up must look the same to A.
const bListing = fc.tuple(
  fc.oneof(
    fc.constant<ListingAction | null>(null),
    fc.constant<ListingAction>({ type: "engage" }),
    PassReasonArb().map((reason): ListingAction => ({ type: "pass", reason })),
  ),
  fc.array(listingMove(SECRET), { maxLength: 10 }),
);
function PassReasonArb() {
  return fc.constantFrom(...PassReason.options);
}

const requestMove = (tag: string) =>
  fc.oneof(
    fc.record({ price: fc.integer({ min: 1, max: 50_000 }), good: fc.boolean() }).map(
      ({ price, good }): RequestAction => ({
        type: "submit",
        price,
        pitch: `${good ? GOOD_PITCH : WEAK_PITCH} ${tag}`,
      }),
    ),
    fc.constant("judge" as const),
  );
const bRequest = fc.tuple(
  fc.oneof(
    fc.constant<RequestAction | null>(null),
    fc.constant<RequestAction>({ type: "engage" }),
    PassReasonArb().map((reason): RequestAction => ({ type: "pass", reason })),
  ),
  fc.array(requestMove(SECRET), { maxLength: 8 }),
);

type Step = { who: "a" | "b" };

/** Run A's script and one of B's scripts, interleaved by `order`; A's view after every step. */
function runWorld<M extends Market>(
  market: M,
  order: readonly boolean[],
  aScript: readonly (() => (m: M, now: number) => unknown)[],
  bScript: readonly (() => (m: M, now: number) => unknown)[],
  tick: (m: M, now: number) => void,
): { views: string[]; results: string[]; leaks: string[] } {
  const views: string[] = [];
  const results: string[] = [];
  const leaks: string[] = [];
  let ai = 0;
  let bi = 0;
  let now = 1;
  for (const aTurn of order) {
    const step: Step = { who: aTurn ? "a" : "b" };
    const script = step.who === "a" ? aScript : bScript;
    const i = step.who === "a" ? ai++ : bi++;
    const act = script[i];
    if (act !== undefined) {
      const r = attempt(() => act()(market, now));
      if (step.who === "a") results.push(r);
    }
    now += 10;
    const a = viewFor(market, { role: "agent", agent: "a" });
    MarketView.parse(a);
    const pub = JSON.stringify(viewFor(market, { role: "public" }));
    const aJson = JSON.stringify(a);
    if (aJson.includes(SECRET) || pub.includes(SECRET)) leaks.push(aJson);
    views.push(settledOrClosed(a.tape) ? "after-settlement" : aJson);
  }
  tick(market, 1_000_000);
  const last = JSON.stringify(viewFor(market, { role: "agent", agent: "a" }));
  if (last.includes(SECRET)) leaks.push(last);
  return { views, results, leaks };
}

/** Compare two worlds' views of A up to the first step after which either tape shows a settlement. */
function expectSamePrefix(x: ReturnType<typeof runWorld>, y: ReturnType<typeof runWorld>): void {
  expect(x.leaks).toEqual([]);
  expect(y.leaks).toEqual([]);
  for (let i = 0; i < x.views.length; i++) {
    if (x.views[i] === "after-settlement" || y.views[i] === "after-settlement") break;
    expect(x.views[i]).toBe(y.views[i]);
  }
}

describe("views: no agent ever sees another agent's private actions", () => {
  it("listing markets", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000 }),
        fc.integer({ min: 1, max: 2 }),
        fc.array(listingMove("mine"), { maxLength: 8 }),
        bListing,
        bListing,
        fc.array(fc.boolean(), { minLength: 4, maxLength: 24 }),
        (seed, units, aMoves, bx, by, order) => {
          const aScript = [{ type: "engage" } as ListingAction, ...aMoves].map(
            (action) => () => (m: ReturnType<typeof fixtureListing>, now: number) =>
              actListing(m, { agent: "a", action }, now, FIXTURE_SELLER),
          );
          const script = ([first, moves]: [ListingAction | null, ListingAction[]]) =>
            (first === null ? [] : [first, ...moves]).map(
              (action) => () => (m: ReturnType<typeof fixtureListing>, now: number) =>
                actListing(m, { agent: "b", action }, now, FIXTURE_SELLER),
            );
          const world = (b: [ListingAction | null, ListingAction[]]) =>
            runWorld(fixtureListing({ seed, units, deadline: 100_000 }), order, aScript, script(b), (m, t) =>
              tickListing(m, t),
            );
          expectSamePrefix(world(bx), world(by));
        },
      ),
      { numRuns: 120 },
    );
  });

  it("request markets", () => {
    type R = ReturnType<typeof fixtureRequest>;
    const judgeOwn = (agent: string) => (m: R, now: number) => {
      const id = awaitingVerdict(m).find((s) => m.subs.get(s)?.agent === agent);
      if (id !== undefined) recordVerdict(m, id, codeVerdict(judgeInputFor(m, id)), "code@1", now);
    };
    const toStep = (agent: string, move: RequestAction | "judge") => () =>
      move === "judge" ? judgeOwn(agent) : (m: R, now: number) => actRequest(m, { agent, action: move }, now);
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2 }),
        fc.array(requestMove("mine"), { maxLength: 8 }),
        bRequest,
        bRequest,
        fc.array(fc.boolean(), { minLength: 4, maxLength: 24 }),
        (topN, aMoves, bx, by, order) => {
          const aScript = [{ type: "engage" } as RequestAction, ...aMoves].map((m) => toStep("a", m));
          const world = ([first, moves]: [RequestAction | null, (RequestAction | "judge")[]]) =>
            runWorld(
              fixtureRequest({ max_revisions: 3 }, { top_n: topN, deadline: 100_000 }),
              order,
              aScript,
              (first === null ? [] : [first, ...moves]).map((m) => toStep("b", m)),
              () => {},
            );
          expectSamePrefix(world(bx), world(by));
        },
      ),
      { numRuns: 120 },
    );
  });

  it("keeps the roster, the reservation and sequence numbers out of every view", () => {
    const m = fixtureListing({ roster: ["a", "b", "hidden-rival"] });
    actListing(m, { agent: "a", action: { type: "engage" } }, 1, FIXTURE_SELLER);
    actListing(m, { agent: "a", action: { type: "offer", price: 500 } }, 2, FIXTURE_SELLER);
    for (const viewer of [{ role: "agent" as const, agent: "a" }, { role: "public" as const }]) {
      const json = JSON.stringify(viewFor(m, viewer));
      expect(json).not.toContain("hidden-rival");
      expect(json).not.toContain(String(m.opened.reservation));
      expect(json).not.toContain('"seq"');
      expect(json).not.toContain('"roster"');
    }
  });

  it("shows the requester only the winning submissions", () => {
    const m = fixtureRequest({}, { top_n: 1 });
    for (const agent of ["a", "b"]) actRequest(m, { agent, action: { type: "engage" } }, 1);
    actRequest(
      m,
      { agent: "a", action: { type: "submit", price: 100, pitch: `${WEAK_PITCH} ${SECRET}` } },
      2,
    );
    actRequest(m, { agent: "b", action: { type: "submit", price: 200, pitch: GOOD_PITCH } }, 3);
    for (const id of awaitingVerdict(m)) recordVerdict(m, id, codeVerdict(judgeInputFor(m, id)), "code@1", 4);
    const v = viewFor(m, { role: "requester" });
    expect(v).toMatchObject({
      kind: "requester",
      deliveries: [{ winner: "b", price: 200, pitch: GOOD_PITCH }],
    });
    expect(JSON.stringify(v)).not.toContain(SECRET);
  });
});
