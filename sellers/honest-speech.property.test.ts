import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatMoney, round2 } from "../env/money";
import { rngFor } from "../env/prng";
import type { SellerPolicy, SellerTurn } from "../env/seller-policy";
import type { SellerType } from "../env/seller-type";
import { RESPONSIVE_LINE_SETS } from "./line-sets";
import { resolveSeller } from "./registry";
import { sayLine } from "./seller-lines";
import { playOffers, sellerReplies } from "./testing/episode-harness";

/** Every release said in honest speech, and the v1 releases of the same sellers. */
const HONEST = [
  "responsive@2",
  "boulware@2",
  "linear@2",
  "conceder@2",
  "hardliner@3",
  "tit-for-tat@2",
  "craigslist-bot@2",
];
const QUIET = [
  "responsive@1",
  "boulware@1",
  "linear@1",
  "conceder@1",
  "hardliner@2",
  "tit-for-tat@1",
  "craigslist-bot@1",
];

const type: fc.Arbitrary<SellerType> = fc.record({
  margin: fc.double({ min: 0.03, max: 0.9, noNaN: true }),
  patience: fc.double({ min: 0, max: 1, noNaN: true }),
  concession: fc.double({ min: 0.3, max: 3, noNaN: true }),
  reactivity: fc.double({ min: 0, max: 0.7, noNaN: true }),
  walk_risk: fc.double({ min: 0, max: 0.7, noNaN: true }),
  bluff_rate: fc.double({ min: 0, max: 0.95, noNaN: true }),
  stock_pressure: fc.double({ min: 0, max: 1, noNaN: true }),
});

/**
 * One seller turn in two worlds that differ only in the reservation. The offer sits on the
 * first world's floor half the time: that is where a v1 seller went quiet.
 */
const world = fc.record({
  seed: fc.nat({ max: 1_000_000 }),
  cost: fc.integer({ min: 500, max: 20_000 }).map((c) => c / 100),
  type,
  round: fc.integer({ min: 1, max: 10 }),
  extraRounds: fc.integer({ min: 0, max: 4 }),
  onFloor: fc.boolean(),
  offerShare: fc.double({ min: 0, max: 1.2, noNaN: true }),
  otherFloor: fc.double({ min: 0.5, max: 1.5, noNaN: true }),
  lastShare: fc.double({ min: 0, max: 1, noNaN: true }),
});
type World = typeof world extends fc.Arbitrary<infer T> ? T : never;

interface Pair {
  a: SellerTurn;
  b: SellerTurn;
}

function twoWorlds(seller: SellerPolicy, w: World): Pair {
  const rounds = w.round + w.extraRounds;
  const setup = {
    itemName: "brass lamp",
    cost: w.cost,
    anchorBase: round2(w.cost * 2.2),
    rounds,
    concessionRate: 0.08,
    inventory: 1,
    batnaProbability: 0,
    buyerCapitulationRate: 0,
    type: w.type,
  };
  const opening = seller.open(setup, {
    decision: rngFor(w.seed, "seller", 1, 0),
    phrasing: rngFor(w.seed, "phrasing", 1, 0),
  });
  const r1 = opening.reservation;
  const r2 = round2(r1 * w.otherFloor);
  const lastQuote = round2(r1 + (opening.anchor - r1) * w.lastShare);
  const offer = w.onFloor ? r1 : round2(opening.anchor * w.offerShare);
  const turn = (reservation: number): SellerTurn =>
    seller.respond(
      {
        round: w.round,
        maxRounds: rounds,
        buyerOffer: offer,
        buyerMessage: "",
        itemName: setup.itemName,
        anchor: opening.anchor,
        reservation,
        cost: w.cost,
        lastQuote: Math.max(lastQuote, reservation),
        counters: [],
        memory: opening.memory,
      },
      { decision: rngFor(w.seed, "seller", 1, w.round), phrasing: rngFor(w.seed, "phrasing", 1, w.round) },
    );
  return { a: turn(r1), b: turn(r2) };
}

const samePublicMove = ({ a, b }: Pair): boolean => a.action === b.action && a.price === b.price;

describe("honest speech: the words carry nothing about the floor beyond the prices", () => {
  it("a line depends on the pool, the phrasing draw and the price, never on the reservation", () => {
    const lines = RESPONSIVE_LINE_SETS["responsive-v2"];
    if (lines === undefined) throw new Error("responsive-v2 missing");
    fc.assert(
      fc.property(
        fc.nat(),
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.integer({ min: 1, max: 10_000_000 }),
        (seed, paise, r1, r2) => {
          const price = paise / 100;
          const say = (reservation: number) =>
            sayLine(
              lines,
              lines.counter,
              "counter",
              rngFor(seed, "phrasing", 1, 1),
              "lamp",
              price,
              reservation,
              {},
            );
          // The floor equal to the quote, and any other floor, read the same.
          expect(say(price)).toEqual(say(r1 / 100));
          expect(say(r2 / 100)).toEqual(say(r1 / 100));
        },
      ),
    );
  });

  it.each(HONEST)(
    "%s: two worlds that differ only in the reservation and move alike say the same words",
    (key) => {
      const seller = resolveSeller(key);
      let alike = 0;
      fc.assert(
        fc.property(world, (w) => {
          const pair = twoWorlds(seller, w);
          if (!samePublicMove(pair)) return;
          alike += 1;
          expect(pair.a.message).toBe(pair.b.message);
        }),
        { numRuns: 400 },
      );
      // Not vacuous: many generated pairs do move alike (accepts of the same offer, held quotes).
      expect(alike).toBeGreaterThan(40);
    },
  );

  it.each(QUIET)("%s (frozen) fails the same property: its quiet line marks the floor", (key) => {
    const seller = resolveSeller(key);
    const found = fc.check(
      fc.property(world, (w) => {
        const pair = twoWorlds(seller, w);
        return !samePublicMove(pair) || pair.a.message === pair.b.message;
      }),
      { numRuns: 2000, seed: 7 },
    );
    expect(found.failed).toBe(true);
  });
});

/** Every release that says prices exactly: the honest-speech rule sellers and the classic personas' new versions. */
const EXACT = [
  ...HONEST,
  "bazaar-default@2",
  "bazaar-impatient@2",
  "bazaar-collaborative@2",
  "bazaar-deceptive@3",
];

describe("exact prices (#17 item 5): the price in the words is the price of the move", () => {
  it.each(EXACT)("%s names every counter and accepted offer as formatMoney writes it", (key) => {
    const seller = resolveSeller(key);
    let checked = 0;
    fc.assert(
      fc.property(
        fc.nat({ max: 100_000 }),
        fc.integer({ min: 2_000, max: 900_000 }),
        fc.array(fc.integer({ min: 1, max: 99 }), { minLength: 1, maxLength: 10 }),
        (seed, costPaise, shares) => {
          const cost = costPaise / 100;
          const anchorBase = round2(cost * 2.1);
          // Offers with paise, so whole-rupee wording would show.
          const offers = shares.map((x) => round2((anchorBase * x) / 97));
          const s = playOffers(seller, { seed, cost, anchorBase, rounds: 8 }, offers);
          for (const r of sellerReplies(s)) {
            if (r.price === null || !r.message.includes("₹")) continue;
            expect(r.message).toContain(formatMoney(r.price));
            checked += 1;
          }
        },
      ),
      { numRuns: 60 },
    );
    expect(checked).toBeGreaterThan(60);
  });
});
