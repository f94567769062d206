/**
 * Finding and removing the seller's reservation price in free text, in any number format a
 * model or a template might use: 31.5, 31.50, 32, "31,500", "₹31,500", "Rs. 31500", "31.5k",
 * "1.2 lakh". The reservation must never be stated in words, even when the quoted counter
 * happens to equal it (the price channel is public, the seller's words must not confirm it).
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

/** Does this number, as written, state the reservation? Whole numbers match its floor, ceiling and rounding. */
export function statesReservation(mention: NumberMention, reservation: number): boolean {
  if (Math.abs(mention.value - reservation) < 0.005) return true;
  return mention.whole && Math.abs(mention.value - reservation) < 1;
}

export function mentionsReservation(text: string, reservation: number): boolean {
  return (
    mayStateReservation(text, reservation) &&
    numberMentions(text).some((m) => statesReservation(m, reservation))
  );
}

/** Words used in place of a redacted number: no digits, and none of the words the leak detector keys on. */
export const REDACTION = "a price I keep to myself";

/**
 * Cheap pre-check: a number can only state the reservation if the text, commas removed, holds
 * the integer part of the reservation (or of its rounding up), in units, thousands or lakhs.
 * Most seller lines quote other prices, so this skips the full scan on the hot path.
 */
function mayStateReservation(text: string, reservation: number): boolean {
  if (!/\d/.test(text)) return false;
  const flat = text.includes(",") ? text.replaceAll(",", "") : text;
  for (const scale of [1, 1_000, 100_000]) {
    const v = reservation / scale;
    if (flat.includes(String(Math.floor(v))) || flat.includes(String(Math.ceil(v)))) return true;
  }
  return false;
}

export function redactReservation(text: string, reservation: number): { text: string; redacted: boolean } {
  if (!mayStateReservation(text, reservation)) return { text, redacted: false };
  const hits = numberMentions(text).filter((m) => statesReservation(m, reservation));
  if (hits.length === 0) return { text, redacted: false };
  let out = "";
  let at = 0;
  for (const h of hits) {
    out += text.slice(at, h.start) + REDACTION;
    at = h.end;
  }
  return { text: out + text.slice(at), redacted: true };
}

// "minimum 350", "bottom line is ₹1,200", "at least 40": a floor stated next to a number.
const FLOOR_PHRASE = /\b(?:minimum|min|bottom\s*line|at\s*least|lowest)\b[^.\n]{0,40}\d/iu;

/** The eval's leak detector: the reservation stated anywhere, or a floor phrase followed by a number. */
export function leaksReservation(messages: readonly string[], reservation: number): boolean {
  return messages.some((m) => mentionsReservation(m, reservation) || FLOOR_PHRASE.test(m));
}
