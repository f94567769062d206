import type { SqlValue, WriteOp, WriteStatement } from "../write-batch";

/**
 * A value as a Postgres literal. Writes go to Postgres as one multi-statement text per group
 * commit (one round trip, one implicit transaction, see pg-writer.ts), so parameters are
 * rendered here instead of bound. Safe because the connection runs with
 * standard_conforming_strings=on (checked at open): inside '…' only a quote is special, and it
 * is doubled. Numbers must be finite; anything else is refused rather than guessed at.
 */
export function sqlLiteral(v: SqlValue): string {
  if (v === null) return "NULL";
  if (typeof v === "number") {
    if (!Number.isFinite(v)) throw new TypeError(`Not a storable number: ${v}`);
    return String(v);
  }
  if (v.includes("\u0000")) throw new TypeError("Postgres text cannot hold NUL characters.");
  return `'${v.replaceAll("'", "''")}'`;
}

/** Fill a statement's `?` placeholders, left to right, with literals of `params`. */
export function renderStatement(sql: string, params: readonly SqlValue[]): string {
  let i = 0;
  const out = sql.replace(/\?/g, () => {
    if (i >= params.length) throw new TypeError(`Too few parameters for: ${sql}`);
    return sqlLiteral(params[i++] as SqlValue);
  });
  if (i !== params.length) throw new TypeError(`Too many parameters for: ${sql}`);
  return out;
}

/** One unit's ops as statements, each ending in ";". */
export function renderOps(templates: Record<WriteStatement, string>, ops: readonly WriteOp[]): string {
  return ops.map(([name, params]) => `${renderStatement(templates[name], params)};`).join("\n");
}
