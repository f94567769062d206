import { type Reading, readDigitCluster } from "./digit-cluster";
import { VULGAR_BASE, VULGAR_VALUES } from "./normalise";
import { NUMBER_WORD_SHAPES, NUMBER_WORDS, type NumberWord, wordShape } from "./number-words";

/**
 * The pieces of normalised text that can make up a number, in order. `joined` says only spaces
 * or hyphens separate a token from the one before it, so the two may belong to one number
 * ("thirty-one", "31.5 k", "dhai sau"); any other word or punctuation ends a number.
 */
export type Token = { start: number; end: number; joined: boolean } & (
  | { kind: "num"; readings: Reading[]; digits: string | null; fraction: boolean }
  | { kind: "word"; word: NumberWord }
  | { kind: "and" | "a" | "point" }
);

/** A reading with its normalised span, found outside any composed number ("31 500" read as 31 and 500). */
export interface LooseReading extends Reading {
  start: number;
  end: number;
}

const CONNECTORS = new Map<string, "and" | "a" | "point">([
  ["and", "and"],
  ["a", "a"],
  ["an", "a"],
  ["point", "point"],
]);
const isDigit = (c: number): boolean => c >= 48 && c <= 57;
/** ASCII letters, folded to lower case (A–Z → a–z). */
const lower = (c: number): number => (c >= 65 && c <= 90 ? c | 32 : c);
/** ASCII letters, and Devanagari letters and signs (not the danda "।" or digits, 0x964–0x96f). */
const isLetter = (c: number): boolean =>
  ((c | 32) >= 97 && (c | 32) <= 122) || (c >= 0x900 && c <= 0x963) || (c >= 0x970 && c <= 0x97f);

export function tokenize(t: string, loose: LooseReading[]): Token[] {
  const tokens: Token[] = [];
  let joined = false;
  let i = 0;
  while (i < t.length) {
    const c = t.charCodeAt(i);
    if (c === 32 || c === 45) {
      i++;
      continue;
    }
    if (isDigit(c)) {
      const before = tokens.length;
      i = digitToken(t, i, joined, tokens, loose);
      joined = tokens.length > before;
      continue;
    }
    if (isLetter(c)) {
      let j = i + 1;
      while (j < t.length && isLetter(t.charCodeAt(j))) j++;
      // Most words are ruled out by length and first and last letter, without a string made.
      const shaped = NUMBER_WORD_SHAPES.has(wordShape(j - i, lower(c), lower(t.charCodeAt(j - 1))));
      joined = shaped && wordToken(t, i, j, joined, tokens);
      i = j;
      continue;
    }
    const vulgar = c - VULGAR_BASE;
    if (vulgar >= 0 && vulgar < VULGAR_VALUES.length) {
      const value = VULGAR_VALUES[vulgar] as number;
      const readings = [{ value, precision: Math.min(value, 1 - value) || 1 }];
      tokens.push({ kind: "num", readings, digits: null, fraction: true, start: i, end: i + 1, joined });
      joined = true;
    } else joined = false;
    i++;
  }
  return tokens;
}

/** Pushes the number word or connector at [i, j), if it is one; says whether it was. */
function wordToken(t: string, i: number, j: number, joined: boolean, tokens: Token[]): boolean {
  const w = t.slice(i, j).toLowerCase();
  const word = NUMBER_WORDS.get(w);
  if (word !== undefined) {
    tokens.push({ kind: "word", word, start: i, end: j, joined });
    return true;
  }
  const connector = CONNECTORS.get(w);
  if (connector !== undefined) tokens.push({ kind: connector, start: i, end: j, joined });
  return connector !== undefined;
}

/** Reads the digit cluster at `i` (and a "/denominator" after it); returns where reading stopped. */
function digitToken(t: string, i: number, joined: boolean, tokens: Token[], loose: LooseReading[]): number {
  const cluster = readDigitCluster(t, i);
  for (const p of cluster.pieces)
    for (const r of p.readings) loose.push({ ...r, start: p.start, end: p.end });
  let end = cluster.end;
  let readings = cluster.readings;
  let fraction = false;
  // "63/2", "63 / 2": a fraction of whole numbers.
  let j = end + (t.charCodeAt(end) === 32 ? 1 : 0);
  if (t.charCodeAt(j) === 47) {
    j += t.charCodeAt(j + 1) === 32 ? 2 : 1;
    let k = j;
    while (isDigit(t.charCodeAt(k))) k++;
    const den = Number(t.slice(j, k));
    if (k > j && den > 0 && readings.length > 0) {
      readings = readings
        .filter((r) => r.precision === 1)
        .map((r) => ({ value: r.value / den, precision: Math.min(1, 1 / den) }));
      fraction = true;
      end = k;
    }
  }
  if (readings.length > 0) {
    const digits = fraction || cluster.pieces.length > 0 ? null : t.slice(i, end);
    tokens.push({ kind: "num", readings, digits, fraction, start: i, end, joined });
  }
  return end;
}
