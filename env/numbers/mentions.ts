import { memoByText } from "../text-memo";
import { type Composed, composeAt } from "./compose";
import type { Reading } from "./digit-cluster";
import { normalise, originalSpan } from "./normalise";
import { type LooseReading, tokenize } from "./tokens";

/**
 * A number in free text, the way a reader could take it. `start`/`end` are code-unit offsets
 * into the ORIGINAL text. An ambiguous spelling ("31.500", "31 500") gives several mentions,
 * possibly over the same or overlapping spans.
 */
export interface PriceMention extends Readonly<Reading> {
  readonly start: number;
  readonly end: number;
}

// Memoised: a seller's line is read twice per turn (by the rule seller choosing its words, then by the guard).
/** Every number mention in `text`: digits in any script and grouping, magnitudes, fractions, English and Hinglish words. */
export const priceMentions: (text: string) => readonly PriceMention[] = memoByText(8_192, readMentions);

function readMentions(text: string): readonly PriceMention[] {
  const norm = normalise(text);
  const loose: LooseReading[] = [];
  const tokens = tokenize(norm.text, loose);
  const out: PriceMention[] = [];
  const push = (value: number, precision: number, start: number, end: number) => {
    const [s, e] = originalSpan(norm, start, end);
    out.push({ value, precision, start: s, end: e });
  };
  for (const r of loose) push(r.value, r.precision, r.start, r.end);
  let i = 0;
  while (i < tokens.length) {
    const primary = composeAt(tokens, i, (k) => firstReading(tokens, k));
    if (primary === null) {
      i++;
      continue;
    }
    for (const c of [primary, ...alternatives(tokens, primary)])
      push(c.value, c.precision, (tokens[c.first] as { start: number }).start, tokenEnd(tokens, c.last));
    i = primary.last + 1;
  }
  return out;
}

const firstReading = (tokens: ReturnType<typeof tokenize>, k: number): Reading => {
  const t = tokens[k];
  return t?.kind === "num" ? (t.readings[0] as Reading) : { value: 0, precision: 1 };
};

const tokenEnd = (tokens: ReturnType<typeof tokenize>, k: number): number =>
  (tokens[k] as { end: number }).end;

/** The same number with each ambiguous digit cluster in it read its other ways, one at a time. */
function alternatives(tokens: ReturnType<typeof tokenize>, primary: Composed): Composed[] {
  const out: Composed[] = [];
  for (let k = primary.first; k <= primary.last; k++) {
    const t = tokens[k];
    if (t?.kind !== "num") continue;
    for (let j = 1; j < t.readings.length; j++) {
      const alt = t.readings[j] as Reading;
      const c = composeAt(tokens, primary.first, (q) => (q === k ? alt : firstReading(tokens, q)));
      if (c !== null) out.push(c);
    }
  }
  return out;
}
