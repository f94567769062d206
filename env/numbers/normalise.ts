/**
 * Text as the number reader sees it. People (and models) write the same price in many
 * encodings: full-width digits, Devanagari or Bengali digits, invisible joiners inside a
 * number, "½". This folds them into plain ASCII digits (the reader folds letter case itself), and keeps for
 * every normalised code unit the span of the original text it came from, so whatever the
 * reader finds can be cut out of the text the buyer would have seen.
 */
export interface NormalisedText {
  text: string;
  /** Original code-unit offset where the source of normalised unit i starts; null when identical to the input. */
  from: number[] | null;
  /** Original code-unit offset where the source of normalised unit i ends. */
  to: number[] | null;
}

/**
 * Private-use code points that stand for a vulgar fraction ("½" → VULGAR_BASE + its index in
 * VULGAR_VALUES). NFKC would spell "31½" as "311⁄2", merging the fraction into the digits.
 */
export const VULGAR_BASE = 0xe000;
const VULGAR = [..."½⅓⅔¼¾⅕⅖⅗⅘⅙⅚⅐⅛⅜⅝⅞⅑⅒↉"];
export const VULGAR_VALUES: readonly number[] = VULGAR.map((c) => {
  const [num, den] = c.normalize("NFKC").split("\u2044").map(Number);
  return (num as number) / (den as number);
});

// Everything an ordinary seller line holds: printable ASCII plus the rupee sign and typographic
// punctuation, none of which normalisation changes. Such text skips the per-character work.
const PLAIN = new Set([..."₹—–‘’“”"].map((c) => c.charCodeAt(0)));

function isPlain(input: string): boolean {
  for (let i = 0; i < input.length; i++) {
    const c = input.charCodeAt(i);
    if (c > 126 ? !PLAIN.has(c) : c < 32 && c !== 9 && c !== 10 && c !== 13) return false;
  }
  return true;
}
const FORMAT = /\p{Cf}/u;
const DIGIT = /\p{Nd}/u;
const SPACE = /\s/u;
const PRIVATE_USE = /\p{Co}/u;

export function normalise(input: string): NormalisedText {
  if (isPlain(input)) return { text: input, from: null, to: null };
  let text = "";
  const from: number[] = [];
  const to: number[] = [];
  let i = 0;
  while (i < input.length) {
    const cp = input.codePointAt(i) as number;
    const width = cp > 0xffff ? 2 : 1;
    const emitted = foldCodePoint(cp);
    for (let k = 0; k < emitted.length; k++) {
      from.push(i);
      to.push(i + width);
    }
    text += emitted;
    i += width;
  }
  return { text, from, to };
}

const folded = new Map<number, string>();

/** What one original code point becomes (possibly nothing); pure, so memoised. */
function foldCodePoint(cp: number): string {
  if (cp < 0x80) return String.fromCharCode(cp);
  let out = folded.get(cp);
  if (out === undefined) {
    out = foldUncached(cp);
    if (folded.size < 4096) folded.set(cp, out);
  }
  return out;
}

function foldUncached(cp: number): string {
  const ch = String.fromCodePoint(cp);
  // Zero-width spaces and joiners, word joiners, BOM, soft hyphens, bidi marks: invisible, so ignored.
  if (FORMAT.test(ch)) return "";
  // A private-use character in the input must not pose as one of our fraction markers.
  if (PRIVATE_USE.test(ch)) return " ";
  const vulgar = VULGAR.indexOf(ch);
  if (vulgar >= 0) return String.fromCharCode(VULGAR_BASE + vulgar);
  const nfkc = ch.normalize("NFKC");
  let out = "";
  for (const c of nfkc.toLowerCase()) {
    if (c === "\u2044") out += "/";
    else if (DIGIT.test(c)) out += String(digitValue(c.codePointAt(0) as number));
    else if (SPACE.test(c)) out += " ";
    else out += c;
  }
  return out;
}

/**
 * Unicode decimal digits come in runs of ten starting at zero (०१२…९, ০…৯, ௦…௯, ٠…٩), so a
 * digit's value is its distance from the start of its run, modulo ten for the few adjacent runs.
 */
function digitValue(cp: number): number {
  let zero = cp;
  while (DIGIT.test(String.fromCodePoint(zero - 1))) zero--;
  return (cp - zero) % 10;
}

/** The original span of normalised units [start, end). */
export function originalSpan(n: NormalisedText, start: number, end: number): [number, number] {
  if (n.from === null || n.to === null) return [start, end];
  return [n.from[start] as number, n.to[end - 1] as number];
}
