import type { Evidence } from "./tells-model";

/** How many tokens an evidence window spans at most. */
const MAX_WINDOW = 4;

/** Within one clause, the run of at most MAX_WINDOW tokens with the largest positive summed contribution. */
export function strongestWindow(
  contrib: Float64Array,
  clauseOf: readonly number[],
  clause: number,
  tokens: readonly { start: number; end: number }[],
): Evidence | null {
  let best = 0;
  let bestFrom = -1;
  let bestTo = -1;
  const n = tokens.length;
  for (let i = 0; i < n; i++) {
    if (clauseOf[i] !== clause) continue;
    let sum = 0;
    for (let j = i; j < n && j < i + MAX_WINDOW && clauseOf[j] === clause; j++) {
      sum += contrib[j] as number;
      if (sum > best) {
        best = sum;
        bestFrom = i;
        bestTo = j;
      }
    }
  }
  if (bestFrom < 0) return null;
  return {
    start: (tokens[bestFrom] as { start: number }).start,
    end: (tokens[bestTo] as { end: number }).end,
  };
}
