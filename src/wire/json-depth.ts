/**
 * Deepest nesting accepted in a request body. Real bodies nest three or four levels; the cap
 * keeps every later recursive walk (zod, error details, JSON.stringify of a reply) far from
 * the stack limit.
 */
export const MAX_JSON_DEPTH = 64;

const OPEN_OBJECT = 0x7b; // {
const OPEN_ARRAY = 0x5b; // [
const CLOSE_OBJECT = 0x7d; // }
const CLOSE_ARRAY = 0x5d; // ]
const QUOTE = 0x22; // "
const BACKSLASH = 0x5c; // \

/**
 * Whether a JSON text opens more than `max` objects/arrays inside one another. One pass over
 * the characters with a counter (no recursion, no parse), stopping at the first level past
 * `max`, so a 5,000-deep body costs no more than a flat one of the same length. Brackets
 * inside strings do not count. Malformed text is left for JSON.parse to report.
 */
export function exceedsJsonDepth(text: string, max: number = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === BACKSLASH) i++;
      else if (ch === QUOTE) inString = false;
    } else if (ch === QUOTE) {
      inString = true;
    } else if (ch === OPEN_OBJECT || ch === OPEN_ARRAY) {
      if (++depth > max) return true;
    } else if (ch === CLOSE_OBJECT || ch === CLOSE_ARRAY) {
      depth--;
    }
  }
  return false;
}
