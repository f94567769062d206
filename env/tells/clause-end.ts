/**
 * How a clause ends, for FeatureSet.clauseEnd (tells-features/11): the clause split drops
 * punctuation, and a question or an exclamation changes what a clause's words mean (a rhetorical
 * "kya kamaunga?" is a plea; "reply fast!" presses).
 */

// The end mark's seed is SEED_CONCEPT's (text-features.ts): with concept slots that seed hashes nothing else.
export const SEED_CLAUSE_END = 0x51ed270b;
export const SEED_CLAUSE_END_CONCEPT = 0x2f9be6c1;
const SPACE = /\s/;

/** "Q" when the first character after `end` past white space is "?", "X" when "!", else "". */
export function clauseMark(text: string, end: number): string {
  let e = end;
  while (e < text.length && SPACE.test(text[e] as string)) e++;
  const ch = text[e];
  return ch === "?" ? "Q" : ch === "!" ? "X" : "";
}
