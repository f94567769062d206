import type { LeaseFence } from "../store-writer";
import { type SqlValue, WRITE_SQL, type WriteStatement } from "../write-batch";
import { sqlLiteral } from "./pg-literal";

/** Writes the Postgres writer adds to a unit's own: the lease of a new session, and the fence. */
const PG_ONLY_SQL = {
  insertLease: "INSERT INTO leases (session_id, replica_id, epoch) VALUES (?, ?, 1)",
} as const;

export type PreparedWrite = WriteStatement | keyof typeof PG_ONLY_SQL;
const TEXTS: Record<PreparedWrite, string> = { ...WRITE_SQL, ...PG_ONLY_SQL };

/**
 * Every fence of a group in one statement: bazaar_fence (pg-schema.ts) runs once per row and
 * raises on the first lease this replica no longer holds, rolling the whole group back; the
 * writer then retries unit by unit, each with its own fence, so only the stale unit fails.
 */
const FENCE_GROUP_SQL =
  "PREPARE bz_fenceGroup(text[], text[], text[], bigint[]) AS SELECT bazaar_fence(s, r, i, e) FROM unnest($1, $2, $3, $4) AS f(s, r, i, e);";

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
  .join("\n")}\n${FENCE_GROUP_SQL}`;

/** One prepared write with its parameters as literals (pg-literal.ts says why literals). */
export function executeWrite(name: PreparedWrite, params: readonly SqlValue[]): string {
  const want = ARITY[name];
  if (params.length !== want) {
    throw new TypeError(`${name} takes ${want} parameters, got ${params.length}.`);
  }
  return `EXECUTE bz_${name}(${params.map(sqlLiteral).join(", ")});`;
}

const arrayOf = (values: readonly (string | number)[]): string =>
  `ARRAY[${values.map(sqlLiteral).join(", ")}]`;

/** One statement that checks every fence of a group (at least one). */
export function fenceGroup(fences: readonly LeaseFence[]): string {
  if (fences.length === 0) throw new TypeError("fenceGroup needs at least one fence.");
  const col = <K extends keyof LeaseFence>(k: K) => arrayOf(fences.map((f) => f[k]));
  return `EXECUTE bz_fenceGroup(${col("sessionId")}::text[], ${col("replicaId")}::text[], ${col("instance")}::text[], ${col("epoch")}::bigint[]);`;
}
