import type { Reading } from "./digit-cluster";
import type { Token } from "./tokens";

/** One number composed from tokens [first, last]: "thirty one thousand five hundred", "1.2 lakh", "saade teen sau". */
export interface Composed extends Reading {
  first: number;
  last: number;
}

type Pick = (token: number) => Reading;

/**
 * Reads the number starting at token `i`, or null. Counts combine the usual way (tens + units,
 * × hundred, × a falling chain of scales: "2 lakh 50 hazaar"), with fractions ("and a half",
 * "½", "1/2", "point five", saade/sava/paune/dedh/dhai). `precision` is the finest step written,
 * scaled by what multiplies it: "1.2 lakh" is written to 10,000, "thirty one" to 1.
 */
export function composeAt(tokens: readonly Token[], i: number, pick: Pick): Composed | null {
  let total = 0;
  let cur: number | null = null;
  let curPrec = 1;
  let prec = Number.POSITIVE_INFINITY;
  let lastScale = Number.POSITIVE_INFINITY;
  let hundred = false;
  let fraction = false;
  let tensWord = false;
  let adjust = 0;
  let implicitOne = false;
  let last = -1;

  const startCount = (value: number, precision: number): number => {
    const v = value + adjust;
    curPrec = adjust === 0 ? precision : Math.min(precision, Math.abs(adjust));
    fraction = v % 1 !== 0;
    adjust = 0;
    return v;
  };
  const next = (k: number): Token | undefined => (tokens[k]?.joined ? tokens[k] : undefined);

  for (let k = i; k < tokens.length; k++) {
    const t = tokens[k] as Token;
    if (k > i && !t.joined) break;
    if (t.kind === "num") {
      const r = pick(k);
      if (cur === null) cur = startCount(r.value, r.precision);
      else if (t.fraction && r.value < 1 && !fraction && Number.isInteger(cur)) {
        cur += r.value;
        curPrec = r.precision;
        fraction = true;
      } else if (hundred && cur % 100 === 0 && r.value < 100 && !t.fraction && Number.isInteger(r.value)) {
        cur += r.value;
        curPrec = r.precision;
      } else break;
      tensWord = false;
      last = k;
    } else if (t.kind === "word") {
      const w = t.word;
      if (w.kind === "count") {
        if (cur === null) cur = startCount(w.value, w.precision);
        else if (tensWord && w.digit && w.value > 0) cur += w.value;
        else if (hundred && cur % 100 === 0 && w.value < 100 && Number.isInteger(w.value)) {
          cur += w.value;
          curPrec = w.precision;
        } else break;
        tensWord = w.tens && cur % 10 === 0;
        last = k;
      } else if (w.kind === "hundred") {
        if (cur === null) cur = startCount(1, 1);
        else if (hundred || cur >= 100) break;
        cur *= 100;
        curPrec *= 100;
        hundred = true;
        tensWord = false;
        last = k;
      } else if (w.kind === "scale") {
        if (w.value >= lastScale) break;
        if (cur === null) {
          if (adjust === 0 && !implicitOne) break;
          cur = startCount(1, 1);
        }
        total += cur * w.value;
        prec = Math.min(prec, curPrec * w.value);
        lastScale = w.value;
        cur = null;
        hundred = fraction = tensWord = implicitOne = false;
        last = k;
      } else {
        if (cur !== null || adjust !== 0) break;
        adjust = w.value;
      }
    } else if (t.kind === "a") {
      const n = next(k + 1);
      const countable = n?.kind === "word" && (n.word.kind === "hundred" || n.word.kind === "scale");
      const half = n?.kind === "word" && n.word.kind === "count" && n.word.value < 1;
      if (cur === null && adjust === 0 && (countable || half)) implicitOne = true;
      else if (!(cur !== null && cur < 1 && countable)) break; // "half a lakh"
    } else if (t.kind === "and") {
      const a = next(k + 1);
      const h = a?.kind === "a" ? next(k + 2) : a;
      if (cur !== null && !fraction && h?.kind === "word" && h.word.kind === "count" && h.word.value < 1) {
        cur += h.word.value; // "thirty one and a half"
        curPrec = h.word.precision;
        fraction = true;
        k = tokens.indexOf(h);
        last = k;
      } else if (!(hundred || (cur === null && lastScale < Number.POSITIVE_INFINITY))) break;
    } else {
      // "point five", "thirty-one point seven seven", "31 point 5"
      if (cur === null || fraction || !Number.isInteger(cur)) break;
      let decimals = "";
      let k2 = k + 1;
      for (let n = next(k2); n !== undefined; n = next(++k2)) {
        if (n.kind === "word" && n.word.kind === "count" && n.word.digit) decimals += String(n.word.value);
        else if (n.kind === "num" && n.digits !== null && /^\d+$/.test(n.digits)) decimals += n.digits;
        else break;
      }
      if (decimals === "") break;
      cur += Number(`0.${decimals}`);
      curPrec = 10 ** -decimals.length;
      fraction = true;
      k = k2 - 1;
      last = k;
    }
  }
  if (last < 0) return null;
  let value = total;
  if (cur !== null) {
    value += cur;
    prec = Math.min(prec, curPrec);
  }
  if (!Number.isFinite(prec)) prec = 1;
  return { value, precision: writtenPrecision(value, prec), first: i, last };
}

/**
 * A step coarser than the units is capped at two significant digits: "2 lakh" states
 * 1,95,000–2,05,000, not everything from 1.5 to 2.5 lakh.
 */
function writtenPrecision(value: number, step: number): number {
  if (step <= 1 || value <= 0) return step;
  return Math.min(step, Math.max(1, 10 ** (Math.floor(Math.log10(value)) - 1)));
}
