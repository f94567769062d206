import { type SqlValue, WRITE_SQL, type WriteStatement } from "../write-batch";
import { sqlLiteral } from "./pg-literal";

/** Writes the Postgres writer adds to a unit's own: the lease of a new session, and the fence. */
const PG_ONLY_SQL = {
  insertLease: "INSERT INTO leases (session_id, replica_id, epoch) VALUES (?, ?, 1)",
  fence: "SELECT bazaar_fence(?, ?, ?, ?)",
} as const;

export type PreparedWrite = WriteStatement | keyof typeof PG_ONLY_SQL;
const TEXTS: Record<PreparedWrite, string> = { ...WRITE_SQL, ...PG_ONLY_SQL };

const arity = (sql: string): number => sql.split("?").length - 1;
const ARITY = Object.fromEntries(Object.entries(TEXTS).map(([n, sql]) => [n, arity(sql)])) as Record<
  PreparedWrite,
  number
>;

/**
 * Every write as a server-side prepared statement, sent once per connection. A group commit is
 * one multi-statement text (one round trip, one implicit transaction), which the simple query
 * protocol would parse and plan statement by statement; `EXECUTE bz_name(…)` skips both, which
 * was most of Postgres's CPU per step (bench:scale's server CPU by part). It starts with
 * DEALLOCATE ALL so a connection left half-prepared by a failure can always be prepared again.
 */
export const PREPARE_WRITES = `DEALLOCATE ALL;\n${Object.entries(TEXTS)
  .map(([name, sql]) => {
    let i = 0;
    return `PREPARE bz_${name} AS ${sql.replace(/\?/g, () => `$${++i}`)};`;
  })
  .join("\n")}`;

/** One prepared write with its parameters as literals (pg-literal.ts says why literals). */
export function executeWrite(name: PreparedWrite, params: readonly SqlValue[]): string {
  const want = ARITY[name];
  if (params.length !== want) {
    throw new TypeError(`${name} takes ${want} parameters, got ${params.length}.`);
  }
  return `EXECUTE bz_${name}(${params.map(sqlLiteral).join(", ")});`;
}
