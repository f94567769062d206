/**
 * Where a message's clauses break, for the feature extractor (text-features.ts): no feature
 * crosses a break, and the model reads each clause on its own.
 */

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

/** The clause index of each token (tokens in text order, by their code-unit spans). */
export function clausesOf(text: string, tokens: readonly { start: number; end: number }[]): number[] {
  const out: number[] = [];
  let c = 0;
  for (let i = 0; i < tokens.length; i++) {
    const before = tokens[i - 1];
    if (before !== undefined && gapBreaks(text, before.end, (tokens[i] as { start: number }).start)) c++;
    out.push(c);
  }
  return out;
}
