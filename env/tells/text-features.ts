import { CONCEPT_WORDS } from "./concept-lexicon";

/**
 * Hashed n-gram features of a seller message, for the learned tells layer (tells-model.ts).
 * Pure and allocation-light: it runs on every message the model path reads.
 *
 * Text is split into word tokens (letters, combining marks, digits, with inner apostrophes;
 * format characters such as zero-width joiners and bidi marks ride inside a token and are
 * dropped when it is folded). Each token is folded so that spellings of one word meet:
 * NFKC, lowercase, digits to 0 (Devanagari digits too), nukta and chandrabindu folded, and
 * for Roman script the common Hinglish variants (ee→i, oo→u, ph→f, w→v, z→j, q→k, doubled
 * letters once). A skeleton drops vowels and h (Roman) or vowel signs (Devanagari), so
 * "jaldi / jldi / jaldee" or "जल्दी / जलदी" share a feature.
 *
 * Features: folded word, skeleton, folded word bigram, skeleton bigram, character 3–5-grams
 * of each folded word with boundary marks, and concept features (concept-lexicon.ts): each
 * concept a word carries, marked when a negation sits within three words, and each ordered
 * pair of concepts within three words of each other ("kam … nahi", "other … buyers"). Every feature belongs to one token (a
 * bigram to two), which is how the model points at the words that carried its decision.
 */

export const FEATURE_BITS = 16;
const MASK = (1 << FEATURE_BITS) - 1;

export interface Token {
  start: number;
  end: number;
  folded: string;
  skeleton: string;
  /** What this word contributes on its own, computed once per distinct word (see wordOf). */
  word: WordGrams;
}

/** The per-word part of the features: it depends on the word alone, so it is cached. */
interface WordGrams {
  folded: string;
  skeleton: string;
  /** Buckets of the folded word and of its skeleton (value WORD_VALUE). */
  wordBucket: number;
  skeletonBucket: number;
  /** Buckets of its character 3–5-grams, in the order they were always pushed (value CHAR_VALUE). */
  chars: Int32Array;
  /** Hash states after this word as the left half of a bigram. */
  bigramSeed: number;
  skeletonBigramSeed: number;
  /** Its concepts, looked up on first use. */
  concepts?: readonly number[];
}

export interface FeatureList {
  tokens: Token[];
  /** Clause index of each token: clauses are split at punctuation, and no feature crosses one. */
  clauseOf: number[];
  clauses: number;
  /** Per clause, a bit mask of the concepts its words carry (bit c = concept c; see conceptMask). */
  clauseConcepts: number[];
  /** Bucket of each feature. */
  buckets: number[];
  /** Value of each feature: surface n-grams count for less than concepts (see FEATURE_VALUE). */
  values: number[];
  /** First and last token (equal for one-token features) each feature is attributed to. */
  from: number[];
  to: number[];
}

const TOKEN = /[\p{L}\p{M}\p{N}\p{Cf}]+(?:['’][\p{L}\p{M}\p{N}\p{Cf}]+)*/gu;
const ASCII_ONLY = /^[\x20-\x7e]*$/;
const DROP = /[\p{Cf}'’\u093c]/gu;
const DEVANAGARI_DIGIT = /[\u0966-\u096f]/g;
const DIGITS = /\p{Nd}/gu;
const ROMAN = /[a-z]/;
const REPEAT = /(.)\1+/g;
const ROMAN_SKELETON_DROP = /[aeiouyh]/g;
const MARKS = /\p{M}/gu;

/** Fold one raw token; "" when nothing readable is left (a run of zero-width characters). */
export function foldToken(raw: string): string {
  let t = ASCII_ONLY.test(raw) ? raw.toLowerCase() : raw.normalize("NFKC").toLowerCase();
  t = t
    .replace(DROP, "")
    .replace(/\u0901/g, "\u0902")
    .replace(DEVANAGARI_DIGIT, "0")
    .replace(DIGITS, "0");
  if (ROMAN.test(t)) {
    t = t
      .replace(/ee/g, "i")
      .replace(/oo/g, "u")
      .replace(/ph/g, "f")
      .replace(/w/g, "v")
      .replace(/z/g, "j")
      .replace(/q/g, "k")
      .replace(REPEAT, "$1");
  }
  return t;
}

export function skeletonOf(folded: string): string {
  if (folded.length <= 1) return folded;
  if (ROMAN.test(folded))
    return (folded[0] + folded.slice(1).replace(ROMAN_SKELETON_DROP, "")).replace(REPEAT, "$1");
  return folded.replace(MARKS, "");
}

// FNV-1a, 32 bit; `seed` separates feature kinds that could spell the same string.
function hashString(seed: number, s: string): number {
  let h = seed;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

const SEED_WORD = 0x811c9dc5;
const SEED_SKELETON = 0x12345679;
const SEED_BIGRAM = 0x2468ace1;
const SEED_SKELETON_BIGRAM = 0x13579bdf;
const SEED_CHAR = 0x0badf00d;
const SEED_CONCEPT = 0x51ed270b;
const SEED_PAIR = 0x7f4a7c15;
const NEG_WINDOW = 3;
/**
 * Surface n-grams are weighted down against concepts: held out by family, n-grams alone
 * memorise a voice's templates (macro F1 ≈ 0.59) while concepts carry across voices; at
 * these values the mix beat either alone (docs/tells.md).
 */
const WORD_VALUE = 0.1;
const CHAR_VALUE = 0.03;
const PAIR_WINDOW = 3;
const BOUNDARY = 0x2;

/** Only the first `limit` code units are read: a cap that keeps a 64 KB message cheap. */
export const MODEL_TEXT_LIMIT = 4096;

// Sellers reuse a small vocabulary; folding and hashing each distinct word once keeps the regex
// and hashing work off the hot path (the model path's cost is mostly per-word work). The result
// depends on the word alone; the bound keeps memory flat on odd input.
const WORD_CACHE_LIMIT = 50_000;
const wordCache = new Map<string, WordGrams>();
function wordOf(raw: string): WordGrams {
  let hit = wordCache.get(raw);
  if (hit === undefined) {
    const folded = foldToken(raw);
    const skeleton = skeletonOf(folded);
    hit = {
      folded,
      skeleton,
      wordBucket: hashString(SEED_WORD, folded) & MASK,
      skeletonBucket: hashString(SEED_SKELETON, skeleton) & MASK,
      chars: charGrams(folded),
      bigramSeed: hashString(SEED_BIGRAM, folded) ^ 0x20,
      skeletonBigramSeed: hashString(SEED_SKELETON_BIGRAM, skeleton) ^ 0x20,
    };
    if (wordCache.size >= WORD_CACHE_LIMIT) wordCache.clear();
    wordCache.set(raw, hit);
  }
  return hit;
}

/**
 * Character 3–5-grams over BOUNDARY + word + BOUNDARY, hashed incrementally (no substrings);
 * 2-grams were dropped: held out by family they cost F1 (0.761 → 0.752) and time.
 */
function charGrams(w: string): Int32Array {
  const out: number[] = [];
  const len = w.length + 2;
  for (let s = 0; s < len - 1; s++) {
    let h = SEED_CHAR;
    for (let j = s; j < len && j < s + 5; j++) {
      const c = j === 0 || j === len - 1 ? BOUNDARY : w.charCodeAt(j - 1);
      h = Math.imul(h ^ c, 0x01000193);
      if (j > s + 1) out.push((h >>> 0) & MASK);
    }
  }
  return Int32Array.from(out);
}

export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  const body = text.length > MODEL_TEXT_LIMIT ? text.slice(0, MODEL_TEXT_LIMIT) : text;
  TOKEN.lastIndex = 0;
  let m = TOKEN.exec(body);
  while (m !== null) {
    const word = wordOf(m[0]);
    if (word.folded !== "")
      tokens.push({
        start: m.index,
        end: m.index + m[0].length,
        folded: word.folded,
        skeleton: word.skeleton,
        word,
      });
    m = TOKEN.exec(body);
  }
  return tokens;
}

const CONCEPT_NAMES = Object.keys(CONCEPT_WORDS);
// Concepts are bits of a 32-bit clause mask.
if (CONCEPT_NAMES.length > 31) throw new Error("text-features.ts: more than 31 concepts");
const NEG = CONCEPT_NAMES.indexOf("NEG");
const byFolded = new Map<string, number[]>();
/** Skeleton → the lexicon spellings that have it, with their concepts. */
const bySkeleton = new Map<string, { folded: string; concept: number }[]>();
const byPrefix: { prefix: string; concept: number }[] = [];
function addTo(map: Map<string, number[]>, key: string, c: number): void {
  const list = map.get(key) ?? [];
  if (!list.includes(c)) list.push(c);
  map.set(key, list);
}
CONCEPT_NAMES.forEach((name, c) => {
  for (const word of (CONCEPT_WORDS[name] as string).split(" ")) {
    if (word.endsWith("*")) {
      byPrefix.push({ prefix: foldToken(word.slice(0, -1)), concept: c });
      continue;
    }
    const folded = foldToken(word);
    addTo(byFolded, folded, c);
    const sk = skeletonOf(folded);
    // Short Roman skeletons ("n", "kl") collide across unrelated words; only longer ones stand in for a spelling.
    if (sk.length >= 3) {
      const list = bySkeleton.get(sk) ?? [];
      list.push({ folded, concept: c });
      bySkeleton.set(sk, list);
    }
  }
});

const NONE: readonly number[] = [];
const conceptCache = new Map<string, readonly number[]>();
const CONCEPT_CACHE_LIMIT = 50_000;

/** Concept ids a folded word carries (exact spelling, then skeleton, then prefix). */
export function conceptsOf(t: Token): readonly number[] {
  const key = `${t.folded} ${t.skeleton}`;
  const hit = conceptCache.get(key);
  if (hit !== undefined) return hit;
  let out: number[] = [...(byFolded.get(t.folded) ?? NONE)];
  // A shared skeleton counts only when one spelling drops letters of the other ("jldi" / "jaldi",
  // "urgnt" / "urgent"), not when the vowels differ: "stock" is not "stuck", "rang" not "running".
  for (const e of bySkeleton.get(t.skeleton) ?? [])
    if (!out.includes(e.concept) && (isSubsequence(t.folded, e.folded) || isSubsequence(e.folded, t.folded)))
      out.push(e.concept);
  for (const p of byPrefix)
    if (t.folded.startsWith(p.prefix) && !out.includes(p.concept)) out.push(p.concept);
  if (out.length === 0) out = NONE as number[];
  if (conceptCache.size >= CONCEPT_CACHE_LIMIT) conceptCache.clear();
  conceptCache.set(key, out);
  return out;
}

/** The bit mask of the named concepts, for testing FeatureList.clauseConcepts. */
export function conceptMask(names: readonly string[]): number {
  let mask = 0;
  for (const n of names) {
    const c = CONCEPT_NAMES.indexOf(n);
    if (c < 0) throw new Error(`no concept ${n}`);
    mask |= 1 << c;
  }
  return mask;
}

function isSubsequence(short: string, long: string): boolean {
  if (short.length > long.length) return false;
  let k = 0;
  for (let i = 0; i < long.length && k < short.length; i++) if (long[i] === short[k]) k++;
  return k === short.length;
}

export function conceptName(c: number): string {
  return CONCEPT_NAMES[c] ?? "?";
}

// Punctuation that ends a thought; a lone hyphen between spaces counts, one inside a word does not.
const CLAUSE_BREAK = /[,.!?;:।|\n…]| - |\) |\(/;
// Characters that can start a clause break: the gap between two words is only sliced and
// matched when it holds one (most gaps are a single space).
const MAY_BREAK = new Set([...",.!?;:।|\n…-)("].map((ch) => ch.charCodeAt(0)));

function gapBreaks(text: string, from: number, to: number): boolean {
  for (let k = from; k < to; k++) {
    if (MAY_BREAK.has(text.charCodeAt(k))) return CLAUSE_BREAK.test(text.slice(from, to));
  }
  return false;
}

function clausesOf(text: string, tokens: readonly Token[]): number[] {
  const out: number[] = [];
  let c = 0;
  for (let i = 0; i < tokens.length; i++) {
    if (i > 0 && gapBreaks(text, (tokens[i - 1] as Token).end, (tokens[i] as Token).start)) c++;
    out.push(c);
  }
  return out;
}

export function extractFeatures(text: string): FeatureList {
  const tokens = tokenize(text);
  const clauseOf = clausesOf(text, tokens);
  const same = (i: number, j: number): boolean => clauseOf[i] === clauseOf[j];
  const buckets: number[] = [];
  const from: number[] = [];
  const to: number[] = [];
  const values: number[] = [];
  let value = 1;
  const push = (h: number, a: number, b: number): void => {
    buckets.push(h & MASK);
    values.push(value);
    from.push(a);
    to.push(b);
  };
  for (let i = 0; i < tokens.length; i++) {
    const t = (tokens[i] as Token).word;
    value = WORD_VALUE;
    push(t.wordBucket, i, i);
    push(t.skeletonBucket, i, i);
    if (i + 1 < tokens.length && same(i, i + 1)) {
      const n = tokens[i + 1] as Token;
      push(hashString(t.bigramSeed, n.folded), i, i + 1);
      push(hashString(t.skeletonBigramSeed, n.skeleton), i, i + 1);
    }
    value = CHAR_VALUE;
    for (let k = 0; k < t.chars.length; k++) push(t.chars[k] as number, i, i);
  }
  value = 1;
  const concepts = tokens.map((t) => {
    t.word.concepts ??= conceptsOf(t);
    return t.word.concepts;
  });
  for (let i = 0; i < tokens.length; i++) {
    const mine = concepts[i] as readonly number[];
    if (mine.length === 0) continue;
    let negated = false;
    for (let j = Math.max(0, i - NEG_WINDOW); j <= i + NEG_WINDOW && j < tokens.length; j++) {
      if (j !== i && same(i, j) && (concepts[j] as readonly number[]).includes(NEG)) negated = true;
    }
    for (const c of mine) {
      push(hashString(SEED_CONCEPT, c === NEG || !negated ? String(c) : `~${c}`), i, i);
      for (let j = i + 1; j <= i + PAIR_WINDOW && j < tokens.length && same(i, j); j++) {
        for (const d of concepts[j] as readonly number[]) push(hashString(SEED_PAIR, `${c}>${d}`), i, j);
      }
    }
  }
  const clauses = tokens.length === 0 ? 0 : (clauseOf[tokens.length - 1] as number) + 1;
  const clauseConcepts = new Array<number>(clauses).fill(0);
  for (let i = 0; i < tokens.length; i++) {
    for (const c of concepts[i] as readonly number[]) {
      const k = clauseOf[i] as number;
      clauseConcepts[k] = (clauseConcepts[k] as number) | (1 << c);
    }
  }
  return {
    tokens,
    clauseOf,
    clauses,
    clauseConcepts,
    buckets,
    values,
    from,
    to,
  };
}
