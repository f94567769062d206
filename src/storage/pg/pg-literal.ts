import type { SqlValue } from "../write-batch";

/**
 * A value as a Postgres literal. Writes go to Postgres as one multi-statement text per group
 * commit (one round trip, one implicit transaction, see pg-writer.ts), so parameters are
 * rendered here instead of bound (into EXECUTE of a prepared statement, pg-prepared.ts). Safe because the connection runs with
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
