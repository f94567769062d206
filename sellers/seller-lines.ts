import { formatMoney, formatRupees } from "../env/money";
import type { Rng } from "../env/prng";
import { mentionsReservation } from "../env/reservation-leak";
import type { SellerMemory, SellerRngs, SellerTurn, SellerTurnInput } from "../env/seller-policy";

/**
 * Line pools for the rule sellers of the library. `{item}` and `{price}` are filled in with
 * the episode's real item name in every line (D38) and the price the move states.
 */
export interface RuleLines {
  open: readonly string[];
  counter: readonly string[];
  accept: readonly string[];
  /** Number-free lines, said by v1 sets when the rendered price would state the reservation. */
  quiet: readonly string[];
  /** Number-free acceptances, for the same reason as `quiet`. */
  quietAccept: readonly string[];
  /** Said instead of a counter line when the bot makes its last call (CraigslistBargain-style bot). */
  final?: readonly string[];
  /**
   * How the lines are said. Absent (every v1 set, frozen): prices in whole rupees, and a `quiet`
   * line whenever the quote would state the reservation, so a number-free line marks the floor.
   * "honest" (new releases): the exact price (`formatMoney`, the number the buyer's screen shows),
   * never a quiet swap, and never the same line of a pool two turns running. The words then
   * depend only on the move's public price, the public inputs and the phrasing stream; the rules
   * guard already keeps a quote's own price even when it is the floor.
   */
  speech?: "honest";
}

const NEUTRAL = "That is where I stand.";

function fill(template: string, item: string, price: string): string {
  return template.replaceAll("{item}", item).replaceAll("{price}", price);
}

/**
 * v1 wording: one pick from `pool` (always exactly one draw from `rng`, so phrasing never
 * shifts with the price), falling back to a number-free line when the text would state the
 * reservation. Frozen: that fallback is itself the floor tell "honest" speech removes.
 */
export function speak(
  pool: readonly string[],
  quiet: readonly string[],
  rng: Rng,
  item: string,
  price: number | null,
  reservation: number,
): string {
  const index = rng.int(pool.length);
  const line = fill(pool[index] as string, item, price === null ? "" : formatRupees(price));
  if (!mentionsReservation(line, reservation)) return line;
  const alt = quiet.length > 0 ? fill(quiet[index % quiet.length] as string, item, "") : NEUTRAL;
  return mentionsReservation(alt, reservation) ? NEUTRAL : alt;
}

/** One draw from `rng` either way; with a `last` index, that line is skipped. */
function pickIndex(rng: Rng, size: number, last: SellerMemory[string] | undefined): number {
  if (typeof last !== "number" || size < 2) return rng.int(size);
  const r = rng.int(size - 1);
  return r >= last ? r + 1 : r;
}

/** A line and the memory that remembers which line of its pool was said. */
export interface Said {
  text: string;
  memory: SellerMemory;
}

/**
 * One line from `pool` (named `key` in memory) in the set's speech. The reservation is read
 * only by v1 sets; honest speech never looks at it.
 */
export function sayLine(
  lines: RuleLines,
  pool: readonly string[],
  key: string,
  rng: Rng,
  item: string,
  price: number | null,
  reservation: number,
  memory: SellerMemory,
): Said {
  if (lines.speech !== "honest") {
    const quiet = key === "accept" ? lines.quietAccept : lines.quiet;
    return { text: speak(pool, quiet, rng, item, price, reservation), memory };
  }
  const slot = `said_${key}`;
  const index = pickIndex(rng, pool.length, memory[slot]);
  const text = fill(pool[index] as string, item, price === null ? "" : formatMoney(price));
  return { text, memory: { ...memory, [slot]: index } };
}

/** Accept the buyer's offer, said in words that never state the reservation. */
export function acceptTurn(
  lines: RuleLines,
  rngs: SellerRngs,
  input: SellerTurnInput,
  memory: SellerMemory,
): SellerTurn {
  const offer = input.buyerOffer;
  const said = sayLine(
    lines,
    lines.accept,
    "accept",
    rngs.phrasing,
    input.itemName,
    offer,
    input.reservation,
    memory,
  );
  return { action: "accept", price: offer, message: said.text, memory: said.memory };
}

/** Counter at `quote` with a line from `pool` (the counter lines unless a caller picks another, named `key`). */
export function counterTurn(
  lines: RuleLines,
  rngs: SellerRngs,
  input: SellerTurnInput,
  quote: number,
  memory: SellerMemory,
  pool: readonly string[] = lines.counter,
  key = "counter",
): SellerTurn {
  const said = sayLine(lines, pool, key, rngs.phrasing, input.itemName, quote, input.reservation, memory);
  return { action: "counter", price: quote, message: said.text, memory: said.memory };
}
