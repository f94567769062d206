/**
 * A concept lexicon (concept-lexicon.ts) made searchable for one feature set: which concepts a
 * folded word carries, by its exact folded spelling, a prefix entry, or a shared skeleton; the
 * last only when one spelling drops letters of the other ("jldi" / "jaldi", "urgnt" /
 * "urgent"), not when the vowels differ ("stock" is not "stuck", "rang" is not "running").
 */

export interface ConceptIndex {
  names: readonly string[];
  /** Index of the negation concept (its presence marks the others as negated). */
  neg: number;
  /** Concept ids of a folded word with its skeleton; the same array for the same word. */
  conceptsOf(folded: string, skeleton: string): readonly number[];
  /** Bit mask of the named concepts (bit c = concept c); only the first 31 concepts have a bit. */
  mask(names: readonly string[]): number;
}

const NONE: readonly number[] = [];
const CACHE_LIMIT = 50_000;
/** Concepts with a bit in a clause's 32-bit mask; later ones are features but cannot gate. */
export const MASKED_CONCEPTS = 31;

function isSubsequence(short: string, long: string): boolean {
  if (short.length > long.length) return false;
  let k = 0;
  for (let i = 0; i < long.length && k < short.length; i++) if (long[i] === short[k]) k++;
  return k === short.length;
}

export function conceptIndex(
  lexicon: Readonly<Record<string, string>>,
  fold: (word: string) => string,
  skeletonOf: (folded: string) => string,
): ConceptIndex {
  const names = Object.keys(lexicon);
  const byFolded = new Map<string, number[]>();
  const bySkeleton = new Map<string, { folded: string; concept: number }[]>();
  const byPrefix: { prefix: string; concept: number }[] = [];
  names.forEach((name, c) => {
    for (const word of (lexicon[name] as string).split(" ")) {
      if (word.endsWith("*")) {
        byPrefix.push({ prefix: fold(word.slice(0, -1)), concept: c });
        continue;
      }
      const folded = fold(word);
      const list = byFolded.get(folded) ?? [];
      if (!list.includes(c)) list.push(c);
      byFolded.set(folded, list);
      const sk = skeletonOf(folded);
      // Short Roman skeletons ("n", "kl") collide across unrelated words; only longer ones stand in for a spelling.
      if (sk.length >= 3) bySkeleton.set(sk, [...(bySkeleton.get(sk) ?? []), { folded, concept: c }]);
    }
  });
  const cache = new Map<string, readonly number[]>();
  function conceptsOf(folded: string, skeleton: string): readonly number[] {
    const key = `${folded} ${skeleton}`;
    const hit = cache.get(key);
    if (hit !== undefined) return hit;
    let out: number[] = [...(byFolded.get(folded) ?? NONE)];
    for (const e of bySkeleton.get(skeleton) ?? [])
      if (!out.includes(e.concept) && (isSubsequence(folded, e.folded) || isSubsequence(e.folded, folded)))
        out.push(e.concept);
    for (const p of byPrefix)
      if (folded.startsWith(p.prefix) && !out.includes(p.concept)) out.push(p.concept);
    if (out.length === 0) out = NONE as number[];
    if (cache.size >= CACHE_LIMIT) cache.clear();
    cache.set(key, out);
    return out;
  }
  function mask(wanted: readonly string[]): number {
    let m = 0;
    for (const n of wanted) {
      const c = names.indexOf(n);
      if (c < 0 || c >= MASKED_CONCEPTS) throw new Error(`no maskable concept ${n}`);
      m |= 1 << c;
    }
    return m;
  }
  return { names, neg: names.indexOf("NEG"), conceptsOf, mask };
}
