/**
 * A run of digits as people group it: "31,500", "31.500", "31 500", "1,23,456", "31,5",
 * "3 1 . 5". Grouping is ambiguous ("31.500" is 31.5 in Pune and 31,500 in Berlin), so a
 * cluster yields every reading that its grouping allows; a guard treats the text as stating a
 * value if any reading does.
 */
export interface Reading {
  value: number;
  /** The step of the last digit written: 1 for "31", 0.1 for "31.5", 0.001 for "31.500" read as decimals. */
  precision: number;
}

export interface DigitCluster {
  /** Normalised offsets of the whole cluster. */
  start: number;
  end: number;
  readings: Reading[];
  /** Space-separated pieces read alone ("31 500" may be 31 and 500), each with its own span. */
  pieces: { start: number; end: number; readings: Reading[] }[];
}

const isDigit = (c: number): boolean => c >= 48 && c <= 57;
const SEP_DOT = 46;
const SEP_COMMA = 44;
const SEP_APOS = 39;
const SPACE = 32;

function runEnd(t: string, i: number): number {
  let j = i;
  while (j < t.length && isDigit(t.charCodeAt(j))) j++;
  return j;
}

/**
 * The gap after a digit run ending at `e` that joins it to the next run, as [separator, next
 * run start], or null. Spaces join only in two styles: single digits spelled apart ("3 1 . 5",
 * "3 1 5 0 0") and a space as thousands separator before exactly three digits ("31 500").
 */
function joinGap(t: string, runStart: number, e: number): [string, number] | null {
  const c = t.charCodeAt(e);
  const single = e - runStart === 1;
  if ((c === SEP_DOT || c === SEP_COMMA || c === SEP_APOS) && isDigit(t.charCodeAt(e + 1)))
    return [t[e] as string, e + 1];
  // A lone digit before "/" starts a fraction ("5 1/2" is five and a half), not more digits.
  const nextSingle = (at: number) =>
    isDigit(t.charCodeAt(at)) && !isDigit(t.charCodeAt(at + 1)) && t.charCodeAt(at + 1) !== 47;
  if (c === SPACE && isDigit(t.charCodeAt(e + 1))) {
    if (single && nextSingle(e + 1)) return ["", e + 1];
    if (runEnd(t, e + 1) - (e + 1) === 3) return ["_", e + 1];
    return null;
  }
  if (!single) return null;
  // Spaced decimals ("3 1 . 5", "3 1 .5") join single digits only.
  let j = e;
  if (t.charCodeAt(j) === SPACE) j++;
  const sep = t[j];
  if (sep !== "." && sep !== ",") return null;
  j++;
  if (t.charCodeAt(j) === SPACE) j++;
  return nextSingle(j) ? [sep, j] : null;
}

const NO_PIECES: DigitCluster["pieces"] = [];

function intValue(t: string, start: number, end: number): number {
  let v = 0;
  for (let k = start; k < end; k++) v = v * 10 + t.charCodeAt(k) - 48;
  return v;
}

/** The cluster starting at digit `i` of normalised text `t`. */
export function readDigitCluster(t: string, i: number): DigitCluster {
  let start = i;
  let end = runEnd(t, i);
  // Most numbers are one plain run ("₹48"): no strings, no regexes.
  if (joinGap(t, start, end) === null)
    return { start: i, end, readings: [{ value: intValue(t, i, end), precision: 1 }], pieces: NO_PIECES };
  let compact = t.slice(i, end);
  const pieces: DigitCluster["pieces"] = [];
  let pieceStart = i;
  // Only a space used as thousands separator makes pieces worth reading alone ("31 500" may
  // be 31 and 500); digits spelled apart ("3 1 . 5") are never meant one by one.
  let spaced = false;
  for (;;) {
    const gap = joinGap(t, start, end);
    if (gap === null) break;
    const [sep, next] = gap;
    if (sep === "_") {
      spaced = true;
      pieces.push({ start: pieceStart, end, readings: [] });
      pieceStart = next;
    }
    compact += sep;
    start = next;
    end = runEnd(t, next);
    compact += t.slice(next, end);
  }
  pieces.push({ start: pieceStart, end, readings: [] });
  const readings = readCompact(compact);
  if (!spaced && readings.length > 0) return { start: i, end, readings, pieces: NO_PIECES };
  for (const p of pieces) p.readings = readCompact(t.slice(p.start, p.end));
  // A grouping no style allows ("30,40,50", "31.5.2") is a list: read each run alone.
  if (readings.length === 0 && !spaced) return { start: i, end, readings, pieces: listRuns(t, i, end) };
  return { start: i, end, readings, pieces };
}

function listRuns(t: string, start: number, end: number): DigitCluster["pieces"] {
  const out: DigitCluster["pieces"] = [];
  let i = start;
  while (i < end) {
    const e = runEnd(t, i);
    if (e > i) out.push({ start: i, end: e, readings: [{ value: intValue(t, i, e), precision: 1 }] });
    i = e + 1;
  }
  return out;
}

/** Lengths of the digit groups between separators, and the separators, of a compact number. */
function groups(s: string): { sizes: number[]; seps: string } {
  const sizes: number[] = [];
  let seps = "";
  let n = 0;
  for (let k = 0; k < s.length; k++) {
    const c = s.charCodeAt(k);
    if (c >= 48 && c <= 57) n++;
    else {
      sizes.push(n);
      seps += s[k];
      n = 0;
    }
  }
  sizes.push(n);
  return { sizes, seps };
}

/** 1,234,567 (first group 1–3 digits, then threes) or 12,34,567 (Indian: twos, then a final three). */
function validThousands(sizes: readonly number[], sep: string): boolean {
  const first = sizes[0] as number;
  const rest = sizes.slice(1);
  if (first >= 1 && first <= 3 && rest.every((n) => n === 3)) return true;
  if (sep !== "," || first < 1 || first > 2) return false;
  return rest.at(-1) === 3 && rest.slice(0, -1).every((n) => n === 2);
}

const sameChar = (seps: string): boolean => [...seps].every((c) => c === seps[0]);
const digitsOf = (s: string): string => s.replace(/\D/g, "");

/** Digits with "," "." "'" or "_" (a space used as thousands separator) between them; every reading. */
export function readCompact(s: string): Reading[] {
  const { sizes, seps } = groups(s);
  if (seps === "") return [{ value: Number(s), precision: 1 }];
  const out: Reading[] = [];
  if (sameChar(seps) && validThousands(sizes, seps[0] as string))
    out.push({ value: Number(digitsOf(s)), precision: 1 });
  // The last "." or "," as a decimal point, any earlier separators as thousands of another kind.
  const point = seps[seps.length - 1] as string;
  const headSeps = seps.slice(0, -1);
  const tail = sizes[sizes.length - 1] as number;
  const headOk =
    headSeps === "" ||
    (!headSeps.includes(point) &&
      sameChar(headSeps) &&
      validThousands(sizes.slice(0, -1), headSeps[0] as string));
  if ((point === "." || point === ",") && headOk && tail > 0) {
    const digits = digitsOf(s);
    const cut = digits.length - tail;
    out.push({ value: Number(`${digits.slice(0, cut)}.${digits.slice(cut)}`), precision: 10 ** -tail });
  }
  return out;
}
