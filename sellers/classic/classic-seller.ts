import { formatMoney, formatRupees, round2 } from "../../env/money";
import type { Rng } from "../../env/prng";
import type {
  SellerMemory,
  SellerOpening,
  SellerPolicy,
  SellerRef,
  SellerRngs,
  SellerSetup,
  SellerTurn,
  SellerTurnInput,
} from "../../env/seller-policy";
import { CLASSIC_LINES, type LinePools } from "./classic-lines";
import type { ClassicParams } from "./classic-params";

type Fill = (template: string, item: string, price: number | null) => string;

const filler =
  (say: (price: number) => string): Fill =>
  (template, item, price) =>
    template.replaceAll("{item}", item).replaceAll("{price}", price === null ? "" : say(price));

function num(m: SellerMemory, key: string): number {
  const v = m[key];
  return typeof v === "number" ? v : 0;
}

/**
 * One draw from `phrasing` either way. With `avoidRepeats`, the line used last time from this
 * pool (its index kept in memory under `key`) is skipped, so consecutive rounds never repeat it.
 */
function pickLine(
  pool: readonly string[],
  phrasing: Rng,
  memory: Record<string, SellerMemory[string]>,
  key: string,
  avoidRepeats: boolean,
): string {
  if (!avoidRepeats) return phrasing.pick(pool);
  const last = memory[key];
  let index: number;
  if (typeof last !== "number" || pool.length < 2) index = phrasing.int(pool.length);
  else {
    const r = phrasing.int(pool.length - 1);
    index = r >= last ? r + 1 : r;
  }
  memory[key] = index;
  return pool[index] as string;
}

function acceptTurn(
  fill: Fill,
  lines: LinePools,
  phrasing: Rng,
  item: string,
  offer: number,
  memory: SellerMemory,
): SellerTurn {
  return { action: "accept", price: offer, message: fill(phrasing.pick(lines.accept), item, offer), memory };
}

/**
 * A classic bazaar seller (REFERENCE §5.4), deterministic given its random streams. Draws are
 * taken at fixed positions every turn (BATNA, time-accept, bluff, pull-back, pressure) so a
 * change in one branch never shifts another branch's randomness.
 *
 * Two fixes over the original, both required by the hard rules: counters are capped at the
 * last quote (a bluff can no longer be "taken back" by raising the price; the pull-back now
 * holds firm instead), and acceptance below the reservation is impossible (D8).
 */
export function classicSeller(
  ref: SellerRef,
  p: ClassicParams,
  lines: LinePools = CLASSIC_LINES[p.persona],
): SellerPolicy {
  const fill = filler(p.exactPrices === true ? formatMoney : formatRupees);
  return {
    ref,
    tellProfile: p.persona,
    persona: p.persona,
    acceptAtReservation: false,

    open(setup: SellerSetup, rngs: SellerRngs): SellerOpening {
      const anchor = round2(setup.anchorBase * p.anchorMultiplier);
      const reservation = round2(setup.cost * p.reserveMultiplier);
      const maxRounds = p.roundsCut > 0 ? Math.max(p.minRounds, setup.rounds - p.roundsCut) : setup.rounds;
      const inventoryPressure = setup.inventory <= 1 ? 0.5 : 1.0;
      const rate = Math.min(
        p.rateCap,
        setup.concessionRate *
          p.rateMultiplier *
          (1 + 0.5 * inventoryPressure) *
          (1 - 0.3 * setup.buyerCapitulationRate),
      );
      return {
        anchor,
        reservation,
        maxRounds,
        inventoryPressure,
        message: fill(rngs.phrasing.pick(lines.open), setup.itemName, anchor),
        memory: { rate, batna: setup.batnaProbability, bluffs: 0, pressure: 0 },
      };
    },

    respond(input: SellerTurnInput, rngs: SellerRngs): SellerTurn {
      const { round: t, maxRounds: R, buyerOffer: offer, anchor, reservation, lastQuote, counters } = input;
      const d = rngs.decision;
      const uBatna = d.next();
      const uTime = d.next();
      const uBluff = d.next();
      const uPull = d.next();
      const uPressure = d.next();
      const memory = { ...input.memory };
      const item = input.itemName;
      const phrasing = rngs.phrasing;

      const batnaThreshold = ((num(memory, "batna") * t) / R) * p.batnaMultiplier;
      if (uBatna < batnaThreshold && offer < 0.9 * reservation) {
        return { action: "walk", price: null, message: fill(phrasing.pick(lines.walk), item, null), memory };
      }
      if (offer >= reservation && offer >= lastQuote * p.acceptShare)
        return acceptTurn(fill, lines, phrasing, item, offer, memory);
      const tp = t / R;
      if (offer >= reservation && tp > 0.75 && anchor > reservation) {
        const pAccept = ((offer - reservation) / (anchor - reservation)) * tp * p.timeAcceptMultiplier;
        if (uTime < pAccept) return acceptTurn(fill, lines, phrasing, item, offer, memory);
      }

      let next = anchor * (1 - num(memory, "rate") * t);
      if (p.bluff && uBluff < p.bluff.probability && num(memory, "bluffs") < p.bluff.max) {
        next *= p.bluff.factor;
        memory.bluffs = num(memory, "bluffs") + 1;
      }
      if (p.earlyDrop && t <= p.earlyDrop.rounds) next *= 1 - p.earlyDrop.perRound * t;
      const lastCounter = counters[counters.length - 1];
      if (p.blend && lastCounter !== undefined) {
        const mid = (p.blend.costFactor * input.cost + lastCounter) / 2;
        next = (1 - p.blend.weight) * next + p.blend.weight * mid;
      }
      next = round2(Math.max(next, reservation));
      if (lastCounter !== undefined) next = Math.max(next, ((next + offer) / 2) * 0.95, reservation);
      if (
        p.pullBack &&
        num(memory, "bluffs") > 0 &&
        uPull < p.pullBack.probability &&
        lastCounter !== undefined
      ) {
        next = Math.max(next, p.pullBack.factor * lastCounter, reservation);
        memory.bluffs = 0;
      }
      const quote = round2(Math.min(next, lastQuote));
      if (quote <= offer && offer >= reservation)
        return acceptTurn(fill, lines, phrasing, item, offer, memory);

      const fresh = p.avoidRepeats === true;
      let message = fill(pickLine(lines.counter, phrasing, memory, "lastCounterLine", fresh), item, quote);
      const pressureUsed = num(memory, "pressure");
      if (uPressure < 0.2 + (0.3 * t) / R && (p.pressureLimit === null || pressureUsed < p.pressureLimit)) {
        const pressure = pickLine(lines.pressure, phrasing, memory, "lastPressureLine", fresh);
        message = `${message} ${fill(pressure, item, null)}`;
        memory.pressure = pressureUsed + 1;
      }
      return { action: "counter", price: quote, message, memory };
    },
  };
}
