import type { LeaseFence } from "../store-writer";
import { type SqlValue, WRITE_SQL, type WriteOp, type WriteStatement } from "../write-batch";
import { sqlLiteral } from "./pg-literal";

/**
 * How the Postgres writer says a group commit: one multi-statement text (one round trip, one
 * implicit transaction) of server-side prepared statements, prepared once per connection
 * (PREPARE_WRITES), so Postgres neither parses nor plans per step. The writer's statements are
 * its throughput (one commit in flight), so a group says as few as it can:
 * - the inserts every step makes (event batches, step results) go in one statement per table for
 *   the whole group (an unnest of arrays): no other write reads those tables, and events are read
 *   back by (episode, seq), so their order in the text does not matter;
 * - every lease fence of the group is one statement, which raises on the first lease this
 *   replica no longer holds and rolls the group back; the writer then retries unit by unit, each
 *   with its own fence, so only the stale unit fails.
 * Values are literals (pg-literal.ts says why), rendered when a unit is handed over, so a value
 * Postgres cannot store fails its own commit, never a group.
 */

/** Writes the Postgres writer adds to a unit's own: the lease of a session it creates. */
const PG_ONLY_SQL = {
  insertLease: "INSERT INTO leases (session_id, replica_id, epoch) VALUES (?, ?, 1)",
} as const;

export type PreparedWrite = WriteStatement | keyof typeof PG_ONLY_SQL;
const TEXTS: Record<PreparedWrite, string> = { ...WRITE_SQL, ...PG_ONLY_SQL };

/** Inserts said once per group, with their columns' Postgres types in WRITE_SQL's order. */
const BULK_TYPES = {
  insertEvents: ["bigint", "integer", "text"],
  insertStepResult: ["text", "text", "text"],
} as const satisfies Partial<Record<WriteStatement, readonly string[]>>;
type BulkWrite = keyof typeof BULK_TYPES;
const BULK = Object.keys(BULK_TYPES) as BulkWrite[];
const isBulk = (name: string): name is BulkWrite => name in BULK_TYPES;

/** `INSERT INTO t (a, b) VALUES (?, ?)` as the same insert from unnest($1, $2). */
function bulkInsertSql(name: BulkWrite): string {
  const m = /^INSERT INTO (\w+) \(([^)]+)\) VALUES/.exec(WRITE_SQL[name]);
  if (m === null) throw new Error(`${name} is not a plain INSERT … VALUES`);
  const types = BULK_TYPES[name];
  const args = types.map((_, i) => `$${i + 1}`).join(", ");
  return `PREPARE bz_bulk_${name}(${types.map((t) => `${t}[]`).join(", ")}) AS INSERT INTO ${m[1]} (${m[2]}) SELECT * FROM unnest(${args});`;
}

const FENCE_GROUP_SQL =
  "PREPARE bz_fenceGroup(text[], text[], text[], bigint[]) AS SELECT bazaar_fence(s, r, i, e) FROM unnest($1, $2, $3, $4) AS f(s, r, i, e);";

const arity = (sql: string): number => sql.split("?").length - 1;
const ARITY = Object.fromEntries(Object.entries(TEXTS).map(([n, sql]) => [n, arity(sql)])) as Record<
  PreparedWrite,
  number
>;

/**
 * Sent once on each connection before its first commit. DEALLOCATE ALL first, so a connection
 * left half-prepared by a failure can always be prepared again.
 */
export const PREPARE_WRITES = [
  "DEALLOCATE ALL;",
  ...Object.entries(TEXTS).map(([name, sql]) => {
    let i = 0;
    return `PREPARE bz_${name} AS ${sql.replace(/\?/g, () => `$${++i}`)};`;
  }),
  ...BULK.map(bulkInsertSql),
  FENCE_GROUP_SQL,
].join("\n");

function checkArity(name: PreparedWrite, params: readonly unknown[]): void {
  const want = ARITY[name];
  if (params.length !== want) throw new TypeError(`${name} takes ${want} parameters, got ${params.length}.`);
}

/** One prepared write with its parameters as literals. */
export function executeWrite(name: PreparedWrite, params: readonly SqlValue[]): string {
  checkArity(name, params);
  return `EXECUTE bz_${name}(${params.map(sqlLiteral).join(", ")});`;
}

/** A unit of writes, ready to join a group: its own statements in order, its bulk rows, its fence. */
export interface RenderedUnit {
  statements: string;
  /** Per bulk insert, its rows, each a list of column literals. */
  bulk: Partial<Record<BulkWrite, string[][]>>;
  /** The unit's lease fence as column literals (session, replica, instance, epoch), or null. */
  fence: string[] | null;
}

const FENCE_TYPES = ["text", "text", "text", "bigint"] as const;
const fenceRow = (f: LeaseFence): string[] => [f.sessionId, f.replicaId, f.instance, f.epoch].map(sqlLiteral);

/** Render one unit's ops (plus the lease of any session it creates, when `replicaId` is set). */
export function renderUnit(
  ops: readonly WriteOp[],
  fence: LeaseFence | null,
  replicaId?: string,
): RenderedUnit {
  const lines: string[] = [];
  const bulk: RenderedUnit["bulk"] = {};
  for (const [name, params] of ops) {
    if (isBulk(name)) {
      checkArity(name, params);
      const rows = bulk[name] ?? [];
      rows.push(params.map(sqlLiteral));
      bulk[name] = rows;
      continue;
    }
    lines.push(executeWrite(name, params));
    if (name === "insertSession" && replicaId !== undefined)
      lines.push(executeWrite("insertLease", [params[0] ?? null, replicaId]));
  }
  // Rendered here, once: a fence Postgres cannot read fails its own commit, never a group.
  return { statements: lines.join("\n"), bulk, fence: fence === null ? null : fenceRow(fence) };
}

export const isEmptyUnit = (u: RenderedUnit): boolean =>
  u.statements === "" && BULK.every((b) => (u.bulk[b]?.length ?? 0) === 0);

/** `EXECUTE name(ARRAY[…]::t1[], ARRAY[…]::t2[], …)` over rows of column literals. */
function executeColumns(
  name: string,
  types: readonly string[],
  rows: readonly (readonly string[])[],
): string {
  const cols = types.map((type, c) => `ARRAY[${rows.map((r) => r[c] as string).join(", ")}]::${type}[]`);
  return `EXECUTE ${name}(${cols.join(", ")});`;
}

/** One statement that checks every fence of a group (at least one). */
export function fenceGroup(fences: readonly LeaseFence[]): string {
  if (fences.length === 0) throw new TypeError("fenceGroup needs at least one fence.");
  return executeColumns("bz_fenceGroup", FENCE_TYPES, fences.map(fenceRow));
}

/** A group's whole text: each unit's statements in order, then the bulk inserts, then the fences. */
export function renderGroup(units: readonly RenderedUnit[]): string {
  const out = units.map((u) => u.statements).filter((s) => s !== "");
  for (const name of BULK) {
    const rows = units.flatMap((u) => u.bulk[name] ?? []);
    if (rows.length > 0) out.push(executeColumns(`bz_bulk_${name}`, BULK_TYPES[name], rows));
  }
  const fences = units.flatMap((u) => (u.fence === null ? [] : [u.fence]));
  if (fences.length > 0) out.push(executeColumns("bz_fenceGroup", FENCE_TYPES, fences));
  return out.join("\n");
}
