import { formatRupees } from "../env/money";
import type { Rng } from "../env/prng";
import { mentionsReservation } from "../env/reservation-leak";
import type { SellerMemory, SellerRngs, SellerTurn, SellerTurnInput } from "../env/seller-policy";

/**
 * Line pools for the rule sellers of the library. `{item}` and `{price}` are filled in by
 * `speak` with the episode's real item name in every line (D38).
 * `quiet` lines carry no number at all: they are used whenever the rendered price would
 * state the reservation (a quote at the floor rounds to it in whole rupees), so a rule
 * seller never needs the rules guard to redact its words.
 */
export interface RuleLines {
  open: readonly string[];
  counter: readonly string[];
  accept: readonly string[];
  quiet: readonly string[];
  /** Number-free acceptances, for the same reason as `quiet`. */
  quietAccept: readonly string[];
  /** Said instead of a counter line when the bot makes its last call (CraigslistBargain-style bot). */
  final?: readonly string[];
}

const NEUTRAL = "That is where I stand.";

function fill(template: string, item: string, price: number | null): string {
  return template.replaceAll("{item}", item).replaceAll("{price}", price === null ? "" : formatRupees(price));
}

/**
 * One pick from `pool` (always exactly one draw from `rng`, so phrasing never shifts with
 * the price), falling back to a number-free line when the text would state the reservation.
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
  const line = fill(pool[index] as string, item, price);
  if (!mentionsReservation(line, reservation)) return line;
  const alt = quiet.length > 0 ? fill(quiet[index % quiet.length] as string, item, null) : NEUTRAL;
  return mentionsReservation(alt, reservation) ? NEUTRAL : alt;
}

/** Accept the buyer's offer, said in words that never state the reservation. */
export function acceptTurn(
  lines: RuleLines,
  rngs: SellerRngs,
  input: SellerTurnInput,
  memory: SellerMemory,
): SellerTurn {
  const offer = input.buyerOffer;
  return {
    action: "accept",
    price: offer,
    message: speak(lines.accept, lines.quietAccept, rngs.phrasing, input.itemName, offer, input.reservation),
    memory,
  };
}

/** Counter at `quote` with a line from `pool` (the counter lines unless a caller picks another). */
export function counterTurn(
  lines: RuleLines,
  rngs: SellerRngs,
  input: SellerTurnInput,
  quote: number,
  memory: SellerMemory,
  pool: readonly string[] = lines.counter,
): SellerTurn {
  return {
    action: "counter",
    price: quote,
    message: speak(pool, lines.quiet, rngs.phrasing, input.itemName, quote, input.reservation),
    memory,
  };
}
