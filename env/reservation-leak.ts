import { type PriceMention, priceMentions } from "./numbers/mentions";
import { statesValue } from "./numbers/states-value";
import { redactSpans } from "./redaction/redact-spans";

/**
 * Finding and removing the seller's hidden figures (its reservation, its cost) in free text,
 * however they are written (see env/numbers). One exception makes the redaction carry no
 * signal: a figure the seller is publicly quoting in that very move (its counter, or the price
 * it accepts) is not a leak and stays, even when it equals the reservation. Otherwise a
 * redaction would appear exactly when a counter sat on the floor.
 */

// A number with optional currency prefix, Indian or Western digit grouping, decimals and a magnitude suffix.
const NUMBER = /(?:₹|\brs\.?|\binr|\$)?\s?(\d{1,3}(?:,\d{2,3})+|\d+)(?:\.(\d+))?(?:\s?(k|lakh|lac)\b)?/giu;

const MULTIPLIER: Record<string, number> = { k: 1_000, lakh: 100_000, lac: 100_000 };

export interface NumberMention {
  start: number;
  end: number;
  value: number;
  /** True when written without decimals and without a magnitude suffix ("32", "₹1,095"). */
  whole: boolean;
}

/**
 * A simple reader for a price a model wrote in a field ("31,500", "₹31.5k"): one reading per
 * number, the first being the price. The guard uses `priceMentions`, which reads far more.
 */
export function numberMentions(text: string): NumberMention[] {
  const out: NumberMention[] = [];
  for (const m of text.matchAll(NUMBER)) {
    const digits = (m[1] ?? "").replaceAll(",", "");
    const decimals = m[2];
    const suffix = m[3]?.toLowerCase();
    let value = Number(decimals === undefined ? digits : `${digits}.${decimals}`);
    if (suffix) value *= MULTIPLIER[suffix] ?? 1;
    const start = m.index ?? 0;
    // Skip leading whitespace captured by the optional currency gap.
    const lead = m[0].length - m[0].trimStart().length;
    out.push({
      start: start + lead,
      end: start + m[0].length,
      value,
      whole: decimals === undefined && !suffix,
    });
  }
  return out;
}

/** Does the text state `value` anywhere, however written? */
export function statesAnywhere(text: string, value: number): boolean {
  return priceMentions(text).some((m) => statesValue(m, value));
}

export function mentionsReservation(text: string, reservation: number): boolean {
  return statesAnywhere(text, reservation);
}

export interface Redacted {
  text: string;
  /** Indices into `hidden` of the values the original text stated. */
  leaked: number[];
}

/**
 * Mentions that state a hidden value, except those inside a mention of the move's own public
 * price. Whether the public price equals a hidden value plays no part in what is returned.
 */
function leaks(mentions: readonly PriceMention[], hidden: readonly number[], own: number | null) {
  const keep = own === null ? [] : mentions.filter((m) => statesValue(m, own));
  const kept = (m: PriceMention) => keep.some((k) => k.start <= m.start && m.end <= k.end);
  const leaked = new Set<number>();
  const spans: PriceMention[] = [];
  for (const m of mentions) {
    if (kept(m)) continue;
    let hit = false;
    hidden.forEach((v, i) => {
      if (statesValue(m, v)) {
        leaked.add(i);
        hit = true;
      }
    });
    if (hit) spans.push(m);
  }
  return { keep, spans, leaked: [...leaked].sort((a, b) => a - b) };
}

/**
 * Cuts every sentence (or, beside the move's own price, every clause) that states a hidden
 * value, replacing it with a natural line. `own` is the price the move publicly quotes, or null.
 */
export function redactHidden(text: string, hidden: readonly number[], own: number | null): Redacted {
  const mentions = priceMentions(text);
  if (mentions.length === 0) return { text, leaked: [] };
  const found = leaks(mentions, hidden, own);
  if (found.spans.length === 0) return { text, leaked: [] };
  return { text: redactSpans(text, found.spans, found.keep, mentions), leaked: found.leaked };
}

/** Does the text state a hidden value other than through the move's own public price? */
export function leaksHidden(text: string, hidden: readonly number[], own: number | null): boolean {
  return leaks(priceMentions(text), hidden, own).spans.length > 0;
}

// "minimum 350", "bottom line is ₹1,200", "at least 40": a floor stated next to a number.
const FLOOR_PHRASE = /\b(?:minimum|min|bottom\s*line|at\s*least|lowest)\b[^.\n]{0,40}\d/iu;

/** One seller turn as the eval's leak detector sees it: its words and the price it publicly quoted. */
export interface SaidTurn {
  message: string;
  price: number | null;
}

/**
 * The eval's leak detector: the reservation stated other than as the turn's own quoted price,
 * or a floor phrase followed by a number.
 */
export function leaksReservation(turns: readonly SaidTurn[], reservation: number): boolean {
  return turns.some((t) => leaksHidden(t.message, [reservation], t.price) || FLOOR_PHRASE.test(t.message));
}
