import { ENGLISH_TENS, ENGLISH_UNITS, HINDI } from "../numbers/number-words";
import type { Rng } from "../prng";

/**
 * Ways people write a price, for property tests of the number reader and the guard. Every
 * spelling states the value at the precision it is written to (see statesValue): it rounds
 * the value, never shifts it.
 */
export const SPELLING_STYLES = [
  "decimal",
  "western",
  "indian",
  "european",
  "space-thousands",
  "spaced-digits",
  "magnitude",
  "fraction",
  "english",
  "hinglish",
] as const;
export type SpellingStyle = (typeof SPELLING_STYLES)[number];

/** Digit blocks: Devanagari, Bengali, Gurmukhi, Gujarati, Odia, Tamil, Telugu, Kannada, Malayalam, Arabic-Indic, full-width. */
const ZEROS = [0x966, 0x9e6, 0xa66, 0xae6, 0xb66, 0xbe6, 0xc66, 0xce6, 0xd66, 0x660, 0xff10];
const INVISIBLE = ["\u200b", "\u200c", "\u200d", "\u2060", "\ufeff", "\u00ad", "\u200e", "\u200f"];
const CURRENCY = ["", "", "₹", "₹ ", "Rs. ", "Rs ", "INR "];

const decimals = (v: number, d: number): string => v.toFixed(d);

function groupWestern(int: string, sep: string): string {
  return int.replace(/\B(?=(\d{3})+(?!\d))/g, sep);
}

function groupIndian(int: string): string {
  if (int.length <= 3) return int;
  const head = int.slice(0, -3).replace(/\B(?=(\d{2})+(?!\d))/g, ",");
  return `${head},${int.slice(-3)}`;
}

/** The value to d decimals, as [integer digits, decimal digits]. */
function parts(v: number, d: number): [string, string] {
  const [i, f = ""] = decimals(v, d).split(".");
  return [i as string, f];
}

function english(n: number): string {
  if (n < 20) return ENGLISH_UNITS[n] as string;
  if (n < 100) {
    const tens = ENGLISH_TENS[Math.floor(n / 10) - 2] as string;
    return n % 10 === 0 ? tens : `${tens}-${ENGLISH_UNITS[n % 10]}`;
  }
  if (n < 1000) {
    const rest = n % 100;
    const head = `${ENGLISH_UNITS[Math.floor(n / 100)]} hundred`;
    return rest === 0 ? head : `${head} and ${english(rest)}`;
  }
  for (const [scale, word] of [
    [1e9, "billion"],
    [1e6, "million"],
    [1e3, "thousand"],
  ] as const) {
    if (n >= scale) {
      const rest = n % scale;
      const head = `${english(Math.floor(n / scale))} ${word}`;
      return rest === 0 ? head : `${head} ${english(rest)}`;
    }
  }
  return String(n);
}

function hindiWord(n: number, rng: Rng): string {
  return rng.pick((HINDI[n] as string).split("/"));
}

/** Whole numbers in Hindi counting: crore, lakh, hazaar, sau, then 1–99 as one word each. */
function hinglish(n: number, rng: Rng): string {
  const out: string[] = [];
  let rest = n;
  for (const [scale, words] of [
    [1e7, ["crore", "karod"]],
    [1e5, ["lakh", "lac"]],
    [1e3, ["hazaar", "hazar"]],
    [1e2, ["sau"]],
  ] as const) {
    const k = Math.floor(rest / scale);
    if (k > 0) {
      out.push(`${k < 100 ? hindiWord(k, rng) : hinglish(k, rng)} ${rng.pick(words)}`);
      rest -= k * scale;
    }
  }
  if (rest > 0 || out.length === 0) out.push(rest === 0 ? "shunya" : hindiWord(rest, rng));
  return out.join(" ");
}

/** English or Hinglish words; fractions as "and a half", "point …" or "saade …". */
function inWords(v: number, rng: Rng, hindi: boolean): string {
  const whole = Math.round(v);
  const half = Math.floor(v) + 0.5;
  if (Math.abs(v - half) < 0.25 && Math.floor(v) >= 3) {
    const n = Math.floor(v);
    if (hindi && n < 100) return `${rng.pick(["saade", "sadhe"])} ${hindiWord(n, rng)}`;
    if (!hindi) return `${english(n)} and a half`;
  }
  if (!hindi && rng.int(2) === 0 && v % 1 !== 0) {
    const [i, f] = parts(v, 2);
    const digits = [...f].map((c) => ENGLISH_UNITS[Number(c)]).join(" ");
    return `${english(Number(i))} point ${digits}`;
  }
  return hindi ? hinglish(whole, rng) : english(whole);
}

/** "31.5k", "1.2 lakh", "0.12 million": the mantissa keeps at least two significant digits. */
function magnitude(v: number, rng: Rng): string {
  const options: [number, string[]][] = [[1e3, ["k", " k", " thousand", " hazaar", "K", " हज़ार"]]];
  if (v >= 5e4) options.push([1e5, [" lakh", " lakhs", "L", " lac", " L", " लाख"]]);
  if (v >= 2e5) options.push([1e6, [" million", "m", " mn"]]);
  if (v >= 2e6) options.push([1e7, [" crore", " cr", " करोड़"]]);
  const [scale, words] = rng.pick(options);
  const mantissa = v / scale;
  const before = Math.floor(Math.log10(mantissa)) + 1;
  const significant = 2 + rng.int(4);
  const written = decimals(mantissa, Math.max(0, significant - before));
  const comma = rng.int(4) === 0 ? written.replace(".", ",") : written;
  return `${comma}${rng.pick(words)}`;
}

function fraction(v: number, rng: Rng): string {
  const halves = Math.round(v * 2);
  const whole = Math.floor(halves / 2);
  if (halves % 2 === 0 || rng.int(2) === 0) return `${halves}/2`;
  return rng.pick([`${whole}½`, `${whole} ½`, `${whole} 1/2`]);
}

function digitsStyle(v: number, style: SpellingStyle, rng: Rng): string {
  const [i, f] = parts(v, rng.int(3));
  const point = (sep: string) => (f === "" ? "" : `${sep}${f}`);
  switch (style) {
    case "western":
      return groupWestern(i, ",") + point(".");
    case "indian":
      return groupIndian(i) + point(".");
    case "european":
      return groupWestern(i, ".") + point(",");
    case "space-thousands":
      return groupWestern(i, " ") + point(rng.pick([".", ","]));
    case "spaced-digits":
      return [...i].join(" ") + (f === "" ? "" : ` . ${[...f].join(" ")}`);
    default:
      return i + point(rng.pick([".", ","]));
  }
}

/** Another digit script, for some or all digits' scripts ("३१.५", "３１.５"). */
function otherScript(s: string, rng: Rng): string {
  const zero = rng.pick(ZEROS);
  const full = zero === 0xff10;
  return [...s]
    .map((c) => {
      if (c >= "0" && c <= "9") return String.fromCodePoint(zero + Number(c));
      if (full && c === ".") return "．";
      if (full && c === ",") return "，";
      return c;
    })
    .join("");
}

/** Zero-width and other invisible format characters dropped between the characters of a number. */
function withInvisible(s: string, rng: Rng): string {
  const chars = [...s];
  const at = 1 + rng.int(Math.max(1, chars.length - 1));
  chars.splice(at, 0, rng.pick(INVISIBLE));
  return chars.join("");
}

/** `v` written in `style`, sometimes in another script, with a currency sign or an invisible character. */
export function spellNumber(v: number, style: SpellingStyle, rng: Rng): string {
  let s: string;
  if (style === "english" || style === "hinglish") s = inWords(v, rng, style === "hinglish");
  else if (style === "magnitude") s = v >= 1000 ? magnitude(v, rng) : digitsStyle(v, "decimal", rng);
  else if (style === "fraction") s = fraction(v, rng);
  else s = digitsStyle(v, style, rng);
  const digits = style !== "english" && style !== "hinglish";
  if (digits && rng.int(3) === 0) s = otherScript(s, rng);
  if (rng.int(3) === 0) s = withInvisible(s, rng);
  return digits ? rng.pick(CURRENCY) + s : s;
}
