import type pg from "pg";
import type { ExchangeMirror, ExchangeWrite, MarketRow } from "../exchange-store";
import { PgQueryError, type SyncPg } from "./sync-pg";

/** SQLSTATE bazaar_exchange_apply raises when the caller no longer holds the exchange lease. */
export const EXCHANGE_LEASE_LOST = "BZ002";

/** This process's write was refused: another replica took the exchange over (pg-schema.ts v4). */
export class ExchangeLeaseLostError extends Error {
  constructor() {
    super("This replica no longer holds the exchange: another one took it over.");
    this.name = "ExchangeLeaseLostError";
  }
}

/**
 * The exchange's durable copy in Postgres. The lease holder runs the exchange on an in-memory
 * SQLite (its synchronous store, unchanged); each of its write transactions also calls `apply`,
 * which writes the same rows here in one fenced statement and waits for it (a blocked loopback
 * round trip, like SyncPg's reads). If Postgres refuses, the SQLite transaction rolls back: no
 * reply reports a trade or ledger entry that Postgres does not hold.
 */
export class PgExchangeMirror implements ExchangeMirror {
  constructor(
    private readonly reader: SyncPg,
    private readonly instance: string,
    readonly epoch: number,
    private readonly onLost: () => void,
  ) {}

  apply(w: ExchangeWrite): void {
    try {
      this.reader.query("SELECT bazaar_exchange_apply($1, $2, $3::jsonb)", [
        this.instance,
        this.epoch,
        JSON.stringify(w),
      ]);
    } catch (err) {
      if (err instanceof PgQueryError && err.code === EXCHANGE_LEASE_LOST) {
        this.onLost();
        throw new ExchangeLeaseLostError();
      }
      throw err;
    }
  }
}

/**
 * Take the exchange lease: granted when nobody holds it yet, or when its holder's heartbeat (the
 * replicas table, pg-leases.ts) is older than the TTL or names another instance (the holder was
 * restarted). Each grant bumps the epoch. The row lock makes a claim wait for any write the old
 * holder has in flight (bazaar_exchange_apply locks the row FOR SHARE), so the copy read after a
 * claim holds every write the old holder was told succeeded.
 */
const CLAIM = `INSERT INTO exchange_lease (singleton, replica_id, instance, epoch) VALUES (true, $1, $2, 1)
  ON CONFLICT (singleton) DO UPDATE
  SET replica_id = EXCLUDED.replica_id, instance = EXCLUDED.instance, epoch = exchange_lease.epoch + 1
  WHERE NOT EXISTS (SELECT 1 FROM replicas r WHERE r.replica_id = exchange_lease.replica_id
    AND r.instance = exchange_lease.instance AND r.heartbeat_at > now() - make_interval(secs => $3))
  RETURNING epoch`;

export class PgExchangeLease {
  constructor(
    private readonly pool: pg.Pool,
    readonly replicaId: string,
    readonly instance: string,
    private readonly ttlS: number,
  ) {}

  /** The new epoch, or null while a live holder keeps it. */
  async claim(): Promise<number | null> {
    const r = await this.pool.query<{ epoch: number }>(CLAIM, [this.replicaId, this.instance, this.ttlS]);
    return r.rows[0]?.epoch ?? null;
  }

  /** Whether this process still holds the lease at `epoch`. */
  async holds(epoch: number): Promise<boolean> {
    const r = await this.pool.query("SELECT 1 FROM exchange_lease WHERE instance = $1 AND epoch = $2", [
      this.instance,
      epoch,
    ]);
    return r.rowCount === 1;
  }

  /** Which replica holds the exchange now (null: nobody has yet). */
  async holder(): Promise<{ replica_id: string; epoch: number } | null> {
    const r = await this.pool.query<{ replica_id: string; epoch: number }>(
      "SELECT replica_id, epoch FROM exchange_lease",
    );
    return r.rows[0] ?? null;
  }
}

/** Every exchange row in Postgres, ids included, as `ExchangeStore.restore` takes them. */
export async function loadExchange(pool: pg.Pool): Promise<ExchangeWrite> {
  const c = await pool.connect();
  try {
    // One snapshot for all tables: a tape row never refers to a market the copy lacks.
    await c.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
    const agents = await c.query(
      "SELECT id, name, encode(token_digest, 'hex') AS token_digest, created_at, revoked_at FROM exchange_agents ORDER BY id",
    );
    const markets = await c.query<MarketRow>("SELECT * FROM exchange_markets ORDER BY created_at, market_id");
    const events = await c.query("SELECT market_id, seq, json FROM exchange_market_events ORDER BY id");
    const tape = await c.query("SELECT id, market_id, json FROM exchange_tape ORDER BY id");
    const entries = await c.query("SELECT * FROM ledger_entries ORDER BY id");
    const postings = await c.query("SELECT entry_id, account, amount FROM ledger_postings ORDER BY entry_id");
    await c.query("COMMIT");
    // BIGINT columns arrive as numbers (PG_TYPES on the pool).
    type Agent = NonNullable<ExchangeWrite["agents"]>[number] & { revoked_at: number | null };
    const a = agents.rows as Agent[];
    return {
      agents: a.map(({ id, name, token_digest, created_at }) => ({ id, name, token_digest, created_at })),
      revoked: a.flatMap((r) => (r.revoked_at === null ? [] : [{ id: r.id, revoked_at: r.revoked_at }])),
      markets: markets.rows,
      events: events.rows as NonNullable<ExchangeWrite["events"]>,
      tape: tape.rows as NonNullable<ExchangeWrite["tape"]>,
      entries: entries.rows as NonNullable<ExchangeWrite["entries"]>,
      postings: postings.rows as NonNullable<ExchangeWrite["postings"]>,
    };
  } catch (err) {
    await c.query("ROLLBACK").catch(() => undefined);
    throw err;
  } finally {
    c.release();
  }
}
