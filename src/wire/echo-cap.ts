/** Longest string echoed back in an error detail; the rest is cut with a note of how much. */
export const ECHO_MAX_CHARS = 128;
/** Most values (object keys, array items, scalars) one echoed input may carry. */
const ECHO_MAX_NODES = 32;
/** Deepest level of an echoed input; anything below is summarised. */
const ECHO_MAX_DEPTH = 4;

function capString(s: string): string {
  if (s.length <= ECHO_MAX_CHARS) return s;
  return `${s.slice(0, ECHO_MAX_CHARS)}… (${s.length - ECHO_MAX_CHARS} more characters)`;
}

function cap(v: unknown, depth: number, budget: { left: number }): unknown {
  budget.left--;
  if (typeof v === "string") return capString(v);
  if (v === null || typeof v !== "object") return v;
  if (depth >= ECHO_MAX_DEPTH || budget.left <= 0) return Array.isArray(v) ? "[…]" : "{…}";
  if (Array.isArray(v)) {
    const out: unknown[] = [];
    for (const item of v) {
      if (budget.left <= 0) {
        out.push(`… (${v.length - out.length} more items)`);
        break;
      }
      out.push(cap(item, depth + 1, budget));
    }
    return out;
  }
  const out: Record<string, unknown> = {};
  const keys = Object.keys(v);
  let n = 0;
  for (const k of keys) {
    if (budget.left <= 0) {
      out["…"] = `${keys.length - n} more keys`;
      break;
    }
    out[capString(k)] = cap((v as Record<string, unknown>)[k], depth + 1, budget);
    n++;
  }
  return out;
}

/**
 * The client's own value as echoed in a validation error's `input`, bounded in size: error
 * bodies stay small whatever arrives (a 64 KiB string, a wide object), while the small inputs
 * every real mistake carries come back unchanged, as pydantic would show them.
 */
export function cappedEcho(v: unknown): unknown {
  return cap(v, 0, { left: ECHO_MAX_NODES });
}
