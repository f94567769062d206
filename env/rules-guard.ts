import { z } from "zod";
import { round2 } from "./money";
import { priceMentions } from "./numbers/mentions";
import { statesValue } from "./numbers/states-value";
import { redactHidden, statesAnywhere } from "./reservation-leak";
import type { SellerMove, SellerTurn } from "./seller-policy";

/**
 * The hard rules every seller obeys, whatever produced its reply (rule code or a language
 * model). They are enforced here, in code, between the seller and the episode:
 * 1. never accept an offer below the reservation;
 * 2. never counter below the reservation;
 * 3. counters never rise above the last quote;
 * 4. never state the reservation or the cost in words — except the price the move itself
 *    publicly quotes, which stays even when it equals the reservation (so the words never
 *    tell whether a counter sits on the floor);
 * 5. never counter at or below the buyer's offer — that offer is accepted instead; sellers
 *    that declare `acceptAtReservation` also accept any offer at or above the reservation.
 * Each rewrite is reported so episodes record exactly how often a seller had to be corrected.
 */
export const GuardRule = z.enum([
  "accept_below_reservation",
  "counter_below_reservation",
  "counter_above_last_quote",
  "counter_not_a_number",
  "counter_at_or_below_offer",
  "offer_at_reservation_accepted",
  "walk_on_acceptable_offer",
  "reservation_in_text",
  "cost_in_text",
]);
export type GuardRule = z.infer<typeof GuardRule>;

const Move = z.object({ action: z.enum(["counter", "accept", "walk"]), price: z.number().nullable() });
export const GuardIntervention = z.object({ rule: GuardRule, from: Move, to: Move });
export type GuardIntervention = z.infer<typeof GuardIntervention>;

export interface GuardContext {
  buyerOffer: number;
  reservation: number;
  /** The seller's cost: as hidden as the reservation. */
  cost: number;
  lastQuote: number;
  acceptAtReservation: boolean;
  /** Renders a replacement line when the guard changes the move, so words never contradict the price. */
  restate: (action: SellerMove, price: number | null) => string;
  /**
   * Sellers released with exact prices (llm@3): how their words state their own counter, as the
   * one price formatter writes it (`formatMoney`). Set, every digit mention of the counter in the
   * seller's words, clamped or not, is written this way with its currency marker ("40 rupees",
   * "Rs. 40" → "₹45.50"), so a clamped counter still reads like one proposed outright. Unset (the
   * released llm@1/@2 and rule sellers), a clamped price is written as bare digits, as recorded.
   */
  sayPrice?: (price: number) => string;
}

export interface GuardedTurn {
  action: SellerMove;
  price: number | null;
  message: string;
  interventions: GuardIntervention[];
}

export function guardSellerTurn(
  turn: Pick<SellerTurn, "action" | "price" | "message">,
  ctx: GuardContext,
): GuardedTurn {
  const interventions: GuardIntervention[] = [];
  let action = turn.action;
  let price = turn.price;
  // A function declaration, not an arrow: this runs every seller turn.
  function change(rule: GuardRule, toAction: SellerMove, toPrice: number | null): void {
    interventions.push({ rule, from: { action, price }, to: { action: toAction, price: toPrice } });
    action = toAction;
    price = toPrice;
  }
  const offer = ctx.buyerOffer;
  const lastQuote = Math.max(ctx.lastQuote, ctx.reservation);

  if (action === "walk" && offer >= ctx.reservation) {
    change("walk_on_acceptable_offer", "counter", lastQuote);
  }
  if (action === "accept") {
    if (offer < ctx.reservation) change("accept_below_reservation", "counter", lastQuote);
    else if (price !== offer) price = offer; // a seller accepts the bid on the table, never another figure
  }
  if (action === "counter") {
    if (price === null || !Number.isFinite(price)) change("counter_not_a_number", "counter", lastQuote);
    if ((price as number) < ctx.reservation) change("counter_below_reservation", "counter", ctx.reservation);
    if ((price as number) > lastQuote) change("counter_above_last_quote", "counter", lastQuote);
    price = round2(price as number);
    if (offer >= ctx.reservation && (price as number) <= offer)
      change("counter_at_or_below_offer", "accept", offer);
    else if (ctx.acceptAtReservation && offer >= ctx.reservation)
      change("offer_at_reservation_accepted", "accept", offer);
  }
  if (action === "walk") price = null;

  let message =
    interventions.length === 0
      ? ownWords(turn, action, price, ctx)
      : reworded(turn, action, price, interventions, ctx);
  const own = action === "walk" ? null : price;
  const redacted = redactHidden(message, [ctx.reservation, ctx.cost], own);
  for (const i of redacted.leaked) {
    const rule = i === 0 ? "reservation_in_text" : "cost_in_text";
    interventions.push({ rule, from: { action, price }, to: { action, price } });
  }
  if (redacted.leaked.length > 0) {
    // A leak in the same clause as the quoted price took the price with it: say the price again.
    const lost = own !== null && statesAnywhere(message, own) && !statesAnywhere(redacted.text, own);
    message = lost ? `${redacted.text} ${ctx.restate(action, price)}` : redacted.text;
  }
  return { action, price, message, interventions };
}

/** Rules that only move a counter's price, leaving the seller's move a counter. */
const PRICE_ONLY: ReadonlySet<GuardRule> = new Set(["counter_below_reservation", "counter_above_last_quote"]);

/**
 * The words for a move the guard changed. When it only moved a counter's price, the seller's
 * own words stay and the price they state is replaced: a fixed restated line there would tell
 * the buyer the counter had been clamped, i.e. that it sits on the floor. Any other change
 * (an accept or walk turned into a counter, a counter into an accept) gets the restated line,
 * since the seller's words said something else.
 */
function reworded(
  turn: Pick<SellerTurn, "action" | "price" | "message">,
  action: SellerMove,
  price: number | null,
  interventions: readonly GuardIntervention[],
  ctx: GuardContext,
): string {
  const from = turn.price;
  const priceOnly =
    turn.action === "counter" &&
    action === "counter" &&
    price !== null &&
    typeof from === "number" &&
    Number.isFinite(from) &&
    interventions.every((i) => PRICE_ONLY.has(i.rule));
  if (!priceOnly) return ctx.restate(action, price);
  return ctx.sayPrice === undefined
    ? repriced(turn.message, from, price)
    : restated(turn.message, from, price, ctx.sayPrice);
}

/** An unchanged move's words: as written, or with its counter restated exactly (see `sayPrice`). */
function ownWords(
  turn: Pick<SellerTurn, "action" | "price" | "message">,
  action: SellerMove,
  price: number | null,
  ctx: GuardContext,
): string {
  if (ctx.sayPrice === undefined || action !== "counter" || price === null || turn.price === null)
    return turn.message;
  return restated(turn.message, turn.price, price, ctx.sayPrice);
}

const DIGIT = /\p{Nd}/u;

/**
 * `text` with every number written in digits that states `from` written as `to` (a text
 * stating no price is left as it is). Number words are left alone: short ones ("do", "ek")
 * are everyday words far more often than prices.
 */
function repriced(text: string, from: number, to: number): string {
  let out = "";
  let at = 0;
  for (const m of priceMentions(text)) {
    if (!statesValue(m, from) || !DIGIT.test(text.slice(m.start, m.end))) continue;
    out += text.slice(at, m.start) + (Number.isInteger(to) ? String(to) : to.toFixed(2));
    at = m.end;
  }
  return out + text.slice(at);
}

// A currency marker written before or after a price ("₹", "Rs.", "INR"; "rupees", "/-"): the
// formatter writes its own, so the old one goes with the old digits.
const MARK_BEFORE = /(?:₹|\bRs\.?|\bINR)\s*$/iu;
const MARK_AFTER = /^(?:\s*\/-|\s+(?:rupees|rupee|rupaye|rupaiye|rupiya|rs|inr)\b)/iu;

/**
 * `text` with every digit mention stating `from` written as `say(to)`, its currency marker
 * included. Mentions are taken left to right and never overlap (an ambiguous spelling gives
 * several readings of one span; the widest is the one written).
 */
function restated(text: string, from: number, to: number, say: (price: number) => string): string {
  const spans = priceMentions(text)
    .filter((m) => statesValue(m, from) && DIGIT.test(text.slice(m.start, m.end)))
    .sort((a, b) => a.start - b.start || b.end - a.end);
  let out = "";
  let at = 0;
  for (const m of spans) {
    if (m.start < at) continue;
    const before = MARK_BEFORE.exec(text.slice(at, m.start));
    const after = MARK_AFTER.exec(text.slice(m.end));
    out += text.slice(at, before === null ? m.start : m.start - before[0].length) + say(to);
    at = m.end + (after === null ? 0 : after[0].length);
  }
  return out + text.slice(at);
}
