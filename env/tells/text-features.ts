import { clauseMark, SEED_CLAUSE_END, SEED_CLAUSE_END_CONCEPT } from "./clause-end";
import { clausesOf } from "./clause-split";
import { type ConceptIndex, conceptIndex, MASKED_CONCEPTS } from "./concept-index";
import { foldToken } from "./text-fold";

/**
 * Hashed n-gram features of a seller message, for the learned tells layer (tells-model.ts).
 * Pure and allocation-light: it runs on every message the model path reads.
 *
 * Text is split into word tokens (letters, combining marks, digits, with inner apostrophes;
 * format characters such as zero-width joiners and bidi marks ride inside a token and are
 * dropped when it is folded). Each token is folded (text-fold.ts) so that spellings of one
 * word meet, and gets a skeleton (the feature set says which: feature-sets.ts).
 *
 * Features: folded word, skeleton, folded word bigram, skeleton bigram, character 3–5-grams
 * of each folded word with boundary marks, and concept features (the set's lexicon): each
 * concept a word carries, marked when a negation sits within three words, and each ordered
 * pair of concepts within three words of each other ("kam … nahi", "other … buyers"). Every
 * feature belongs to one token (a bigram to two), which is how the model points at the words
 * that carried its decision.
 */

export const FEATURE_BITS = 16;
const SIZE = 1 << FEATURE_BITS;
const MASK = SIZE - 1;

/** What decides a message's features; a model file names the set its weights were trained on. */
export interface FeatureSet {
  id: string;
  lexicon: Readonly<Record<string, string>>;
  skeleton: (folded: string) => string;
  /**
   * When set, concept and concept-pair features sit in their own buckets below this bound and
   * every n-gram hashes above it. Hashed among ~60k n-gram buckets (v3), a concept shared its
   * weight with whatever character n-grams collided with it.
   */
  conceptSlots?: number;
  /**
   * Concepts of which a clause needs at least one to carry condition (tells-model.ts); absent
   * (tells-features/8 on): no gate, condition is read like the other signals.
   */
  conditionLicence?: readonly string[];
  /** Values of word (and bigram) and character n-gram features; WORD_VALUE and CHAR_VALUE when absent. */
  surfaceValues?: { word: number; char: number };
  /**
   * When set (needs concept slots), each clause also reads the concepts of the clause before it
   * and of the clause after it, negation-marked as there, in slots of their own and at this
   * value. A cue is often split by punctuation from what it is about ("box thoda phata hai, andar
   * sab theek", "Firm. $1,200"), and a clause read alone cannot tell.
   */
  neighbourConcepts?: number;
  /**
   * When set (with neighbourConcepts), each clause also reads the skeletons of the words of the
   * clauses beside it, hashed apart from its own words, at this value: what the clause before or
   * after is about, beyond the lexicon's concepts.
   */
  neighbourWords?: number;
  /**
   * When set, a clause that ends in "?" or "!" reads that mark, and the mark crossed with each
   * concept of the clause (first occurrence), at this value. The clause split drops punctuation,
   * and a question or an exclamation changes what a clause's words mean.
   */
  clauseEnd?: number;
}

export interface Token {
  start: number;
  end: number;
  folded: string;
  skeleton: string;
  /** What this word contributes on its own, computed once per distinct word (see wordOf). */
  word: WordGrams;
}

/** The per-word part of the features: it depends on the word alone, so it is cached. */
export interface WordGrams {
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
  /** Value of each feature: surface n-grams count for less than concepts (see WORD_VALUE). */
  values: number[];
  /** First and last token (equal for one-token features) each feature is attributed to. */
  from: number[];
  to: number[];
  /**
   * Index of the first neighbour feature (FeatureSet.neighbourConcepts and neighbourWords): those
   * come last, are attributed to their clause's first token, and point at no word of it. The
   * feature count when there are none.
   */
  neighboursFrom: number;
}

export interface FeatureExtractor {
  set: FeatureSet;
  concepts: ConceptIndex;
  /**
   * The message's features. Without `ownWords` (true when absent), each token's own features
   * (ownFeatures) are left out and only those that reach past one word remain: a reader that
   * sums a word's own features once per distinct word (tells-model/9) adds them itself.
   */
  extract(text: string, ownWords?: boolean): FeatureList;
  tokenize(text: string): Token[];
  /** A word's own features, in the order extract lists them: its folded word, its skeleton, its character n-grams. */
  ownFeatures(word: WordGrams, visit: (bucket: number, value: number) => void): void;
}

const TOKEN = /[\p{L}\p{M}\p{N}\p{Cf}]+(?:['’][\p{L}\p{M}\p{N}\p{Cf}]+)*/gu;

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
// A word of the clause after (read by the clause before it), and of the clause before.
const SEED_WORD_AFTER = 0x3c6ef372;
const SEED_WORD_BEFORE = 0x1b873593;
const NEG_WINDOW = 3;
/**
 * Surface n-grams are weighted down against concepts: held out by family, n-grams alone
 * memorise a voice's templates (macro F1 ≈ 0.59) while concepts carry across voices; at
 * these values the mix beat either alone (docs/tells.md). Sets 3–6 read with them; a later
 * set may name its own (FeatureSet.surfaceValues).
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

/** The feature extractor of one feature set: its word and concept caches are its own. */
export function featureExtractor(set: FeatureSet): FeatureExtractor {
  const concepts = conceptIndex(set.lexicon, foldToken, set.skeleton);
  // The first 31 concepts are bits of a 32-bit clause mask (tells-features/3 has no more).
  if (set.id === "tells-features/3" && concepts.names.length > 31)
    throw new Error(`${set.id}: more than 31 concepts`);
  const wordValue = set.surfaceValues?.word ?? WORD_VALUE;
  const charValue = set.surfaceValues?.char ?? CHAR_VALUE;
  const slots = set.conceptSlots ?? 0;
  const width = concepts.names.length;
  const neighbourValue = set.neighbourConcepts ?? 0;
  const neighbourWordValue = set.neighbourWords ?? 0;
  const clauseEndValue = set.clauseEnd ?? 0;
  if (neighbourWordValue > 0 && neighbourValue === 0)
    throw new Error(`${set.id}: neighbour words come with neighbour concepts`);
  if (neighbourValue > 0 && slots === 0) throw new Error(`${set.id}: neighbour concepts need concept slots`);
  // Concept (plain, negated), then ordered pairs, then a neighbour's concepts (before, after; plain, negated).
  const neighbourBase = 2 * width + width * width;
  if (slots > 0 && neighbourBase + (neighbourValue > 0 ? 4 * width : 0) > slots)
    throw new Error(`${set.id}: concept slots too few`);
  // With slots, n-grams land in [slots, SIZE); without, anywhere (v3).
  const bucket = slots === 0 ? (h: number) => h & MASK : (h: number) => slots + ((h >>> 0) % (SIZE - slots));
  const conceptBucket =
    slots === 0
      ? (c: number, negated: boolean) => hashString(SEED_CONCEPT, negated ? `~${c}` : String(c)) & MASK
      : (c: number, negated: boolean) => 2 * c + (negated ? 1 : 0);
  const pairBucket =
    slots === 0
      ? (c: number, d: number) => hashString(SEED_PAIR, `${c}>${d}`) & MASK
      : (c: number, d: number) => 2 * width + width * c + d;

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
        if (j > s + 1) out.push(bucket(h >>> 0));
      }
    }
    return Int32Array.from(out);
  }

  const wordCache = new Map<string, WordGrams>();
  function wordOf(raw: string): WordGrams {
    let hit = wordCache.get(raw);
    if (hit === undefined) {
      const folded = foldToken(raw);
      const skeleton = set.skeleton(folded);
      hit = {
        folded,
        skeleton,
        wordBucket: bucket(hashString(SEED_WORD, folded)),
        skeletonBucket: bucket(hashString(SEED_SKELETON, skeleton)),
        chars: charGrams(folded),
        bigramSeed: hashString(SEED_BIGRAM, folded) ^ 0x20,
        skeletonBigramSeed: hashString(SEED_SKELETON_BIGRAM, skeleton) ^ 0x20,
      };
      if (wordCache.size >= WORD_CACHE_LIMIT) wordCache.clear();
      wordCache.set(raw, hit);
    }
    return hit;
  }

  function tokenize(text: string): Token[] {
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

  // The message being extracted, here rather than in closures made per message: under tsx
  // (esbuild's keepNames) each named closure costs a property definition every time it is made.
  type Lists = [number[], number[], number[], number[], number[]];
  let [buckets, from, to, values, clauseOf]: Lists = [[], [], [], [], []];
  let value = 1;
  function push(b: number, a: number, z: number): void {
    buckets.push(b);
    values.push(value);
    from.push(a);
    to.push(z);
  }
  const same = (i: number, j: number): boolean => clauseOf[i] === clauseOf[j];

  function ownFeatures(t: WordGrams, visit: (bucket: number, value: number) => void): void {
    visit(t.wordBucket, wordValue);
    visit(t.skeletonBucket, wordValue);
    for (let k = 0; k < t.chars.length; k++) visit(t.chars[k] as number, charValue);
  }

  function extract(text: string, ownWords = true): FeatureList {
    const tokens = tokenize(text);
    clauseOf = clausesOf(text, tokens);
    buckets = [];
    from = [];
    to = [];
    values = [];
    value = 1;
    for (let i = 0; i < tokens.length; i++) {
      const t = (tokens[i] as Token).word;
      value = wordValue;
      if (ownWords) {
        push(t.wordBucket, i, i);
        push(t.skeletonBucket, i, i);
      }
      if (i + 1 < tokens.length && same(i, i + 1)) {
        const n = tokens[i + 1] as Token;
        push(bucket(hashString(t.bigramSeed, n.folded)), i, i + 1);
        push(bucket(hashString(t.skeletonBigramSeed, n.skeleton)), i, i + 1);
      }
      value = charValue;
      if (ownWords) for (let k = 0; k < t.chars.length; k++) push(t.chars[k] as number, i, i);
    }
    value = 1;
    const found = tokens.map((t) => {
      t.word.concepts ??= concepts.conceptsOf(t.folded, t.skeleton);
      return t.word.concepts;
    });
    const NEG = concepts.neg;
    const clauses = tokens.length === 0 ? 0 : (clauseOf[tokens.length - 1] as number) + 1;
    // Per clause, its concepts as slot offsets (2c, or 2c + 1 negated), in the order first met.
    const carried: number[][] | null =
      neighbourValue > 0 && clauses > 1 ? Array.from({ length: clauses }, () => []) : null;
    for (let i = 0; i < tokens.length; i++) {
      const mine = found[i] as readonly number[];
      if (mine.length === 0) continue;
      let negated = false;
      for (let j = Math.max(0, i - NEG_WINDOW); j <= i + NEG_WINDOW && j < tokens.length; j++) {
        if (j !== i && same(i, j) && (found[j] as readonly number[]).includes(NEG)) negated = true;
      }
      for (const c of mine) {
        const slot = 2 * c + (c !== NEG && negated ? 1 : 0);
        push(conceptBucket(c, c !== NEG && negated), i, i);
        for (let j = i + 1; j <= i + PAIR_WINDOW && j < tokens.length && same(i, j); j++) {
          for (const d of found[j] as readonly number[]) push(pairBucket(c, d), i, j);
        }
        const own = carried?.[clauseOf[i] as number];
        if (own !== undefined && !own.includes(slot)) own.push(slot);
      }
    }
    if (clauseEndValue > 0) {
      value = clauseEndValue;
      let first = 0;
      for (let i = 0; i < tokens.length; i++) {
        if (i > 0 && !same(i - 1, i)) first = i;
        if (i + 1 < tokens.length && same(i, i + 1)) continue;
        const mark = clauseMark(text, (tokens[i] as Token).end);
        if (mark === "") continue;
        push(bucket(hashString(SEED_CLAUSE_END, mark)), i, i);
        const seen: number[] = [];
        for (let j = first; j <= i; j++)
          for (const c of found[j] as readonly number[]) {
            if (seen.includes(c)) continue;
            seen.push(c);
            push(bucket(hashString(SEED_CLAUSE_END_CONCEPT, `${mark}${c}`)), j, j);
          }
      }
      value = 1;
    }
    const neighboursFrom = buckets.length;
    if (carried !== null) {
      value = neighbourValue;
      const firstOf: number[] = [];
      for (let i = 0; i < tokens.length; i++) if (i === 0 || clauseOf[i] !== clauseOf[i - 1]) firstOf.push(i);
      for (let k = 0; k < clauses; k++) {
        const first = firstOf[k] as number;
        for (const slot of carried[k - 1] ?? []) push(neighbourBase + slot, first, first);
        for (const slot of carried[k + 1] ?? []) push(neighbourBase + 2 * width + slot, first, first);
      }
      if (neighbourWordValue > 0) {
        value = neighbourWordValue;
        for (let i = 0; i < tokens.length; i++) {
          const k = clauseOf[i] as number;
          const skeleton = (tokens[i] as Token).skeleton;
          if (k > 0)
            push(
              bucket(hashString(SEED_WORD_AFTER, skeleton)),
              firstOf[k - 1] as number,
              firstOf[k - 1] as number,
            );
          if (k + 1 < clauses)
            push(
              bucket(hashString(SEED_WORD_BEFORE, skeleton)),
              firstOf[k + 1] as number,
              firstOf[k + 1] as number,
            );
        }
      }
      value = 1;
    }
    const clauseConcepts = new Array<number>(clauses).fill(0);
    for (let i = 0; i < tokens.length; i++) {
      for (const c of found[i] as readonly number[]) {
        if (c >= MASKED_CONCEPTS) continue;
        const k = clauseOf[i] as number;
        clauseConcepts[k] = (clauseConcepts[k] as number) | (1 << c);
      }
    }
    return { tokens, clauseOf, clauses, clauseConcepts, buckets, values, from, to, neighboursFrom };
  }

  return { set, concepts, extract, tokenize, ownFeatures };
}
